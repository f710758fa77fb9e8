import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioLessonsCopy as copy } from '@/content/studio-lessons';
import type { LessonsBackend, LessonStream, StudioLesson } from '../model/lessons-backend';
import { DraftPreview } from './draft-preview';
import { type LessonChanges, LessonEditForm, type LessonFields } from './lesson-edit-form';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * One lesson in the list: where it is, its state and its words, with its actions. The move buttons also take
 * the arrow keys, and keep the keyboard on the lesson as it moves.
 */
export function LessonItem({
  backend,
  lesson,
  stream,
  position,
  total,
  busy,
  focusStep,
  onFocused,
  onMove,
  onPublish,
  onAsk,
  onSave,
  onDelete,
}: {
  backend: LessonsBackend;
  lesson: StudioLesson;
  /** The adaptive stream made of its saved video, when there is one or one is being made. */
  stream: LessonStream | undefined;
  position: number;
  total: number;
  busy: boolean;
  /** Set once the lesson has moved by this step: its move button takes the keyboard. */
  focusStep: -1 | 1 | null;
  onFocused: () => void;
  onMove: (step: -1 | 1) => void;
  onPublish: (published: boolean) => void;
  onAsk: (fields: LessonFields) => Promise<boolean>;
  onSave: (changes: LessonChanges) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const first = position === 1;
  const last = position === total;

  useEffect(() => {
    if (focusStep === null) return;
    const towardsMove = focusStep === -1 ? (first ? down : up) : last ? up : down;
    towardsMove.current?.focus();
    onFocused();
  }, [focusStep, first, last, onFocused]);

  function onArrow(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : null;
    if (step === null) return;
    event.preventDefault();
    onMove(step);
  }

  return (
    <li className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">
            {copy.position(position, total)} · {copy.length(lesson.duration_seconds)}
          </p>
          <h3 className="mt-1 flex flex-wrap items-center gap-2 text-lg font-semibold text-ink">
            <span className="break-words">{lesson.title}</span>
            {lesson.is_published ? (
              <span className={`${badge} bg-green-100 text-green-900`}>{copy.published}</span>
            ) : (
              <span className={`${badge} bg-lens-2/15 text-ink`}>{copy.draft}</span>
            )}
            {lesson.is_preview && (
              <span className={`${badge} bg-lens-1/15 text-ink`}>{copy.freePreview}</span>
            )}
          </h3>
          {lesson.summary && <p className="mt-1 break-words text-ink-soft">{lesson.summary}</p>}
          {stream && <StreamState stream={stream} />}
        </div>
        <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
          <Button
            ref={up}
            variant="outline"
            size="sm"
            aria-label={copy.moveUp(lesson.title)}
            disabled={first || busy}
            onClick={() => onMove(-1)}
            onKeyDown={onArrow}
          >
            <span aria-hidden="true">↑</span> {copy.moveUpShort}
          </Button>
          <Button
            ref={down}
            variant="outline"
            size="sm"
            aria-label={copy.moveDown(lesson.title)}
            disabled={last || busy}
            onClick={() => onMove(1)}
            onKeyDown={onArrow}
          >
            <span aria-hidden="true">↓</span> {copy.moveDownShort}
          </Button>
          <Button
            variant={lesson.is_published ? 'outline' : 'dark'}
            size="sm"
            disabled={busy}
            onClick={() => onPublish(!lesson.is_published)}
          >
            {lesson.is_published ? copy.unpublish : copy.publish}
          </Button>
          <Button
            ref={editButton}
            variant="outline"
            size="sm"
            aria-label={copy.editLabel(lesson.title)}
            aria-expanded={editing}
            onClick={() => setEditing((open) => !open)}
          >
            {copy.edit}
          </Button>
          {!lesson.is_published && (
            <Button
              variant="outline"
              size="sm"
              aria-expanded={previewing}
              onClick={() => setPreviewing((open) => !open)}
            >
              {previewing ? copy.closePreview : copy.preview}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-label={copy.deleteLabel(lesson.title)}
            disabled={busy}
            onClick={onDelete}
          >
            {copy.delete}
          </Button>
        </div>
      </div>
      {editing && (
        <LessonEditForm
          backend={backend}
          lesson={lesson}
          position={position}
          onAsk={onAsk}
          onCancel={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
          onSave={async (fields) => {
            if (await onSave(fields)) {
              setEditing(false);
              editButton.current?.focus();
            }
          }}
        />
      )}
      {previewing && !lesson.is_published && <DraftPreview backend={backend} lesson={lesson} />}
    </li>
  );
}

/** Where the lesson's adaptive stream is, in plain words. */
function StreamState({ stream }: { stream: LessonStream }) {
  const text =
    stream.state === 'waiting'
      ? copy.stream.waiting
      : stream.state === 'working'
        ? copy.stream.working(stream.percent)
        : stream.state === 'done'
          ? copy.stream.done
          : copy.stream.failed(stream.message ?? '');
  return (
    <p
      className={`mt-1 text-sm break-words ${stream.state === 'failed' ? 'font-medium text-ink' : 'text-ink-muted'}`}
    >
      {text}
    </p>
  );
}
