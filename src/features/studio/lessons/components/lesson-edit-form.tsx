import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioLessonsCopy } from '@/content/studio-lessons';
import type { LessonsBackend, StudioLesson } from '../model/lessons-backend';
import { replacementPaths } from '../model/lesson-files';
import { otherTags, type TagChoice, tagChoices, type TagGroup } from '../model/lesson-tags';
import { LessonFileFields } from './lesson-file-fields';
import { StoreState } from './store-state';
import { useFileStore } from './use-file-store';
import { useLessonFiles } from './use-lesson-files';

const copy = studioLessonsCopy.editForm;

export interface LessonFields {
  title: string;
  summary: string;
  is_preview: boolean;
  speaks_to: string[];
}

/** The stored files that replace the lesson's own (those left out stay). */
interface NewFiles {
  video_path?: string;
  duration_seconds?: number;
  captions_path?: string;
  poster_path?: string;
}

/** What a save changes: the lesson's words and choices, and its new files. */
export type LessonChanges = LessonFields & NewFiles;

/**
 * A lesson's title, summary, free preview and the answers it speaks to, edited in place, and its video,
 * captions or poster replaced; the slug stays, so links to the lesson keep working. Before anything is
 * uploaded, `onAsk` may ask the owner about the change (and stop it).
 */
export function LessonEditForm({
  backend,
  lesson,
  position,
  onAsk,
  onSave,
  onCancel,
}: {
  backend: LessonsBackend;
  lesson: StudioLesson;
  position: number;
  onAsk: (fields: LessonFields) => Promise<boolean>;
  onSave: (changes: LessonChanges) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const files = useLessonFiles(backend, false);
  const store = useFileStore(backend);
  const [failure, setFailure] = useState<string | null>(null);
  const [title, setTitle] = useState(lesson.title);
  const [summary, setSummary] = useState(lesson.summary);
  const [isPreview, setIsPreview] = useState(lesson.is_preview);
  const [speaksTo, setSpeaksTo] = useState<readonly string[]>(lesson.speaks_to);
  const kept = otherTags(lesson.speaks_to);
  const toggleTag = (tag: string, on: boolean) =>
    setSpeaksTo((tags) => (on ? [...tags, tag] : tags.filter((kept) => kept !== tag)));
  const [titleMissing, setTitleMissing] = useState(false);
  const { video, captions } = files;

  /** Stores the files picked under new names; answers what the save sets, or null when they could not be. */
  async function storeFiles(): Promise<NewFiles | null> {
    const picture = files.posterFile();
    const newVideo = video.status === 'ready' ? video : null;
    const paths = replacementPaths(
      lesson.slug,
      newVideo?.file ?? null,
      picture?.extension ?? 'jpg',
      Date.now(),
    );
    try {
      const stored = await store.store({
        video: newVideo && paths.video ? { file: newVideo.file, path: paths.video } : null,
        captions: captions.status === 'ready' ? { vtt: captions.vtt, path: paths.captions } : null,
        poster: picture && { file: picture, path: paths.poster },
      });
      if (!stored) {
        setFailure(copy.uploadFailed);
        return null;
      }
    } catch (error) {
      console.error('Studio: the new files could not be stored.', error);
      setFailure(`${copy.saveFailed} ${studioLessonsCopy.status.failed}`);
      store.stop();
      return null;
    }
    return {
      ...(newVideo &&
        paths.video && { video_path: paths.video, duration_seconds: newVideo.facts.durationSeconds }),
      ...(captions.status === 'ready' && { captions_path: paths.captions }),
      ...(picture && { poster_path: paths.poster }),
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (title.trim() === '') {
      setTitleMissing(true);
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    if (video.status === 'reading' || video.status === 'unreadable' || captions.status === 'refused') {
      document.getElementById(`${id}-${captions.status === 'refused' ? 'captions' : 'video'}`)?.focus();
      return;
    }
    const fields = {
      title: title.trim(),
      summary: summary.trim(),
      is_preview: isPreview,
      speaks_to: [...speaksTo],
    };
    if (!(await onAsk(fields))) return;
    setFailure(null);
    const newFiles = await storeFiles();
    if (newFiles === null) return;
    await onSave({ ...fields, ...newFiles });
    store.stop();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 border-t border-line pt-4">
      <TextField
        id={`${id}-title`}
        label={copy.title}
        error={titleMissing ? copy.titleMissing : null}
        value={title}
        maxLength={200}
        autoFocus
        onChange={(event) => {
          setTitle(event.target.value);
          setTitleMissing(false);
        }}
      />
      <TextareaField
        id={`${id}-summary`}
        label={copy.summary}
        describedBy={`${id}-summary-hint`}
        value={summary}
        maxLength={1000}
        rows={3}
        onChange={(event) => setSummary(event.target.value)}
      >
        <p id={`${id}-summary-hint`} className="mt-1 text-sm text-ink-muted">
          {copy.summaryHint}
        </p>
      </TextareaField>
      <div>
        <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
          <input
            type="checkbox"
            className="size-5 accent-lens-2"
            aria-describedby={`${id}-preview-hint`}
            checked={isPreview}
            onChange={(event) => setIsPreview(event.target.checked)}
          />
          {copy.preview}
        </label>
        <p id={`${id}-preview-hint`} className="text-sm text-ink-muted">
          {copy.previewHint(position)}
        </p>
      </div>
      <fieldset aria-describedby={`${id}-tags-hint`}>
        <legend className="font-medium text-ink">{copy.speaksTo}</legend>
        <p id={`${id}-tags-hint`} className="mt-1 text-sm text-ink-muted">
          {copy.speaksToHint}
        </p>
        {(Object.keys(tagChoices) as TagGroup[]).map((group) => (
          <TagChoices
            key={group}
            legend={copy[group]}
            choices={tagChoices[group]}
            chosen={speaksTo}
            onToggle={toggleTag}
          />
        ))}
        {kept.length > 0 && (
          <TagChoices
            legend={copy.otherTags}
            choices={kept.map((tag) => ({ tag, label: tag }))}
            chosen={speaksTo}
            onToggle={toggleTag}
          />
        )}
      </fieldset>
      <fieldset disabled={store.working} aria-describedby={`${id}-files-hint`}>
        <legend className="font-medium text-ink">{copy.filesHeading}</legend>
        <p id={`${id}-files-hint`} className="mt-1 text-sm text-ink-muted">
          {copy.filesHint}
        </p>
        <div className="mt-4 grid gap-4">
          <LessonFileFields id={id} files={files} words={copy.files} />
        </div>
      </fieldset>
      <StoreState store={store} />
      {failure && (
        <p role="alert" className="font-semibold text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={store.working}>
          {store.working ? copy.saving : copy.save}
        </Button>
        <Button variant="outline" size="sm" disabled={store.working} onClick={onCancel}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}

/** One group of the questionnaire's options, each a checkbox. */
function TagChoices({
  legend,
  choices,
  chosen,
  onToggle,
}: {
  legend: string;
  choices: readonly TagChoice[];
  chosen: readonly string[];
  onToggle: (tag: string, on: boolean) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold text-ink-soft">{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-4 lg:grid-cols-3">
        {choices.map(({ tag, label }) => (
          <label key={tag} className="flex min-h-11 items-center gap-2 text-sm text-ink sm:min-h-9">
            <input
              type="checkbox"
              className="size-4 accent-lens-2"
              checked={chosen.includes(tag)}
              onChange={(event) => onToggle(tag, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
