import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioLessonsCopy as copy } from '@/content/studio-lessons';
import { useLoad } from '@/lib/use-load';
import type { LessonsBackend, StudioLesson } from '../model/lessons-backend';
import { leavesNoPreview } from '../model/free-preview';
import { movedOrder } from '../model/lesson-files';
import { AddLessonForm } from './add-lesson-form';
import { LessonItem } from './lesson-item';
import { useLessonStreams } from './use-lesson-streams';
import { ConfirmDialog, type ConfirmWords } from '../../components/confirm-dialog';
import { SectionPending } from '../../components/section-pending';

/** Where the keyboard goes after a move: the moved lesson's button that still has somewhere to go. */
interface MovedFocus {
  id: number;
  step: -1 | 1;
}

/** The question open about a change with a cost (the last free preview, a deletion), and how it is answered. */
interface Question {
  words: ConfirmWords;
  answer: (goAhead: boolean) => void;
}

/**
 * The Lessons section over a back end: every lesson in course order with its state, moved, published, edited
 * previewed and deleted in place, and the form that adds one. A deletion, and a change that would leave visitors
 * no free preview, are asked about first. Each change is said in one live region.
 */
export function LessonsStudio({ backend }: { backend: LessonsBackend }) {
  const list = useLoad(
    useCallback(() => backend.listLessons(), [backend]),
    'Studio: the lessons could not be loaded.',
  );
  const { state } = list;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [adding, setAdding] = useState(false);
  const [movedFocus, setMovedFocus] = useState<MovedFocus | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  /** Set when the form closes: the keyboard goes back to the button that opened it, once it is there again. */
  const refocusAdd = useRef(false);

  useEffect(() => {
    if (adding || !refocusAdd.current) return;
    refocusAdd.current = false;
    addButton.current?.focus();
  }, [adding]);

  const lessons = state.status === 'ready' ? state.value : [];
  // The list as it is when a change answers: a save that waited on an upload must not put back an older one.
  const current = useRef(lessons);
  useEffect(() => {
    current.current = lessons;
  });
  // Read once the list is there, and again when a video is added or replaced (it waits for its stream).
  const videos = state.status === 'ready' ? lessons.map((lesson) => lesson.video_path).join('\n') : null;
  const streams = useLessonStreams(backend, videos, (stream) => {
    const lesson = lessons.find((listed) => listed.id === stream.lesson_id);
    if (!lesson) return;
    setMessage({
      text:
        stream.state === 'done'
          ? copy.stream.settled.done(lesson.title)
          : copy.stream.settled.failed(lesson.title, stream.message ?? ''),
      failed: false,
    });
    // A made stream replaces the lesson's video with its faststart copy: the list must name the new files.
    if (stream.state === 'done') {
      backend.listLessons().then(
        (listed) => list.set(listed),
        (error: unknown) => console.error('Studio: the lessons could not be read again.', error),
      );
    }
  });

  /** Runs one change at a time; its answer replaces the lessons it names, and its words go to the live region. */
  async function change(
    work: () => Promise<StudioLesson[] | StudioLesson>,
    said: (lessons: StudioLesson[]) => string,
  ) {
    setBusy(true);
    try {
      const answer = await work();
      const next = Array.isArray(answer)
        ? answer
        : current.current.map((lesson) => (lesson.id === answer.id ? answer : lesson));
      list.set(next);
      setMessage({ text: said(next), failed: false });
      return true;
    } catch (error) {
      console.error('Studio: a lesson change failed.', error);
      setMessage({ text: copy.status.failed, failed: true });
      return false;
    } finally {
      setBusy(false);
    }
  }

  function move(lesson: StudioLesson, step: -1 | 1) {
    const order = movedOrder(
      lessons.map((listed) => listed.id),
      lesson.id,
      step,
    );
    if (!order || busy) return;
    void change(
      () => backend.reorderLessons(order),
      (next) => copy.status.moved(lesson.title, order.indexOf(lesson.id) + 1, next.length),
    ).then((moved) => moved && setMovedFocus({ id: lesson.id, step }));
  }

  /** Asks the owner; answers whether she goes ahead. */
  function ask(words: ConfirmWords) {
    return new Promise<boolean>((resolve) =>
      setQuestion({
        words,
        answer: (goAhead) => {
          setQuestion(null);
          resolve(goAhead);
        },
      }),
    );
  }

  /** What visitors lose if the change leaves no published free preview ('' when it leaves one). */
  function previewLoss(lesson: StudioLesson, after: Pick<StudioLesson, 'is_published' | 'is_preview'>) {
    return leavesNoPreview(lessons, lesson.id, after)
      ? copy.lastPreview.description(lesson.title, lessons.indexOf(lesson) + 1)
      : '';
  }

  /** Asks, when the change would take away the last published free preview, whether to go ahead; else yes. */
  function goAheadWith(lesson: StudioLesson, after: Pick<StudioLesson, 'is_published' | 'is_preview'>) {
    const loss = previewLoss(lesson, after);
    return loss === '' ? Promise.resolve(true) : ask({ ...copy.lastPreview, description: loss });
  }

  async function deleteLesson(lesson: StudioLesson) {
    const words = copy.deleteLesson;
    const loss = previewLoss(lesson, { is_published: false, is_preview: false });
    const description = loss === '' ? words.description : `${words.description} ${loss}`;
    if (!(await ask({ ...words, title: words.title(lesson.title), description }))) return;
    // Its item goes with it: the keyboard stays in the list, where the live region says what happened.
    if (
      await change(
        () => backend.deleteLesson(lesson.id),
        () => copy.status.deleted(lesson.title),
      )
    ) {
      listRef.current?.focus();
    }
  }

  if (state.status === 'loading') return <p role="status">{copy.loading}</p>;
  if (state.status === 'failed') return <SectionPending state={state} copy={copy} onRetry={list.retry} />;

  return (
    <div className="mt-4">
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={`mb-4 font-semibold empty:mb-0 ${message?.failed ? 'text-red-700' : 'text-green-800'}`}
      >
        {message?.text}
      </p>
      {lessons.length === 0 ? (
        <p className="text-ink-soft">{copy.empty}</p>
      ) : (
        <ol ref={listRef} tabIndex={-1} aria-label={copy.listLabel} className="grid gap-3 outline-none">
          {lessons.map((lesson, index) => (
            <LessonItem
              key={lesson.id}
              backend={backend}
              lesson={lesson}
              stream={streams.get(lesson.id)}
              position={index + 1}
              total={lessons.length}
              busy={busy}
              focusStep={movedFocus?.id === lesson.id ? movedFocus.step : null}
              onFocused={() => setMovedFocus(null)}
              onMove={(step) => move(lesson, step)}
              onDelete={() => void deleteLesson(lesson)}
              onPublish={async (published) => {
                if (!(await goAheadWith(lesson, { ...lesson, is_published: published }))) return;
                await change(
                  () => backend.setPublished(lesson.id, published),
                  () => (published ? copy.status.published : copy.status.unpublished)(lesson.title),
                );
              }}
              onAsk={(fields) => goAheadWith(lesson, { ...lesson, is_preview: fields.is_preview })}
              onSave={(changes) =>
                change(
                  () => backend.saveLesson({ lesson_id: lesson.id, ...changes }),
                  () => copy.status.saved(changes.title),
                )
              }
            />
          ))}
        </ol>
      )}
      {question && <ConfirmDialog words={question.words} onAnswer={question.answer} />}
      <div className="mt-8">
        {adding ? (
          <AddLessonForm
            backend={backend}
            takenSlugs={lessons.map((lesson) => lesson.slug)}
            onCancel={() => {
              refocusAdd.current = true;
              setAdding(false);
            }}
            onAdded={(added) => {
              refocusAdd.current = true;
              setAdding(false);
              list.set([...lessons, added]);
              setMessage({ text: copy.status.added(added.title), failed: false });
            }}
          />
        ) : (
          <Button ref={addButton} onClick={() => setAdding(true)}>
            {copy.add.open}
          </Button>
        )}
      </div>
    </div>
  );
}
