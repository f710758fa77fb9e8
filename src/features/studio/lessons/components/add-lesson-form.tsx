import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioLessonsCopy } from '@/content/studio-lessons';
import { LESSON_SLUG_PATTERN, slugFromTitle } from '@/lib/lesson-slug';
import type { LessonsBackend, StudioLesson } from '../model/lessons-backend';
import { lessonFilePaths } from '../model/lesson-files';
import { LessonFileFields } from './lesson-file-fields';
import { StoreState } from './store-state';
import { useFileStore } from './use-file-store';
import { useLessonFiles } from './use-lesson-files';

const copy = studioLessonsCopy.add;

type Field = 'title' | 'slug' | 'video';

/**
 * Adds a lesson: its words, the video (its length and poster frames read on this device), captions (SubRip
 * converted here) and a poster; then the video uploads resumably with its progress shown, the small files
 * follow, and the lesson is saved as a draft, last in the course.
 */
export function AddLessonForm({
  backend,
  takenSlugs,
  onAdded,
  onCancel,
}: {
  backend: LessonsBackend;
  takenSlugs: readonly string[];
  onAdded: (lesson: StudioLesson) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const files = useLessonFiles(backend, true);
  const store = useFileStore(backend);
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { video, captions } = files;
  const shownSlug = slugEdited ? slug : slugFromTitle(title);

  function problems(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (title.trim() === '') found.title = copy.missing.title;
    if (!LESSON_SLUG_PATTERN.test(shownSlug) || !/[a-z]/.test(shownSlug) || shownSlug.length > 80) {
      found.slug = copy.missing.slug;
    } else if (takenSlugs.includes(shownSlug)) {
      found.slug = copy.missing.slugTaken;
    }
    if (video.status !== 'ready') found.video = copy.missing.video;
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problems();
    setErrors(found);
    const firstProblem = (['title', 'slug', 'video'] as const).find((field) => found[field]);
    if (firstProblem || video.status !== 'ready' || captions.status === 'refused') {
      document.getElementById(`${id}-${firstProblem ?? 'captions'}`)?.focus();
      return;
    }
    setFailure(null);
    const picture = files.posterFile();
    const paths = lessonFilePaths(shownSlug, video.file, picture?.extension ?? 'jpg');
    try {
      const stored = await store.store({
        video: { file: video.file, path: paths.video },
        captions: captions.status === 'ready' ? { vtt: captions.vtt, path: paths.captions } : null,
        poster: picture && { file: picture, path: paths.poster },
      });
      if (!stored) return setFailure(copy.uploadFailed);
      onAdded(
        await backend.saveLesson({
          slug: shownSlug,
          title: title.trim(),
          summary: summary.trim(),
          video_path: paths.video,
          captions_path: captions.status === 'ready' ? paths.captions : null,
          poster_path: picture ? paths.poster : null,
          duration_seconds: video.facts.durationSeconds,
        }),
      );
    } catch (error) {
      console.error('Studio: the lesson could not be saved.', error);
      setFailure(`${copy.saveFailed} ${studioLessonsCopy.status.failed}`);
      store.stop();
    }
  }

  return (
    <form
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-5 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6"
    >
      <div>
        <h3 id={`${id}-heading`} className="font-display text-xl font-semibold">
          {copy.heading}
        </h3>
        <p className="mt-1 text-ink-soft">{copy.intro}</p>
      </div>
      <fieldset disabled={store.working} className="grid gap-5">
        <TextField
          id={`${id}-title`}
          label={copy.title}
          error={errors.title}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextareaField
          id={`${id}-summary`}
          label={copy.summary}
          value={summary}
          maxLength={1000}
          rows={3}
          onChange={(event) => setSummary(event.target.value)}
        />
        <TextField
          id={`${id}-slug`}
          label={copy.slug}
          error={errors.slug}
          describedBy={`${id}-slug-hint`}
          value={shownSlug}
          maxLength={80}
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.target.value);
          }}
        >
          <p id={`${id}-slug-hint`} className="mt-1 text-sm text-ink-muted">
            {copy.slugHint(shownSlug)}
          </p>
        </TextField>
        <LessonFileFields
          id={id}
          files={files}
          words={copy.files}
          videoError={video.status === 'none' ? errors.video : undefined}
        />
      </fieldset>
      <StoreState store={store} />
      {failure && (
        <p role="alert" className="font-semibold text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={store.working}>
          {copy.submit}
        </Button>
        <Button variant="outline" disabled={store.working} onClick={onCancel}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}
