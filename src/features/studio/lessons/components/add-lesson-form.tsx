import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-picker';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioLessonsCopy } from '@/content/studio-lessons';
import { PICTURE_HEAD_BYTES } from '@/lib/guide-rules';
import { type CaptionsProblem, captionsAsWebVtt } from '@/lib/lesson-captions';
import { LESSON_SLUG_PATTERN, slugFromTitle } from '@/lib/lesson-slug';
import type { LessonsBackend, ResumableUpload, StudioLesson, VideoFacts } from '../model/lessons-backend';
import { lessonFilePaths, posterKind } from '../model/lesson-files';
import { type PosterChoice, PosterPicker } from './poster-picker';
import { UploadProgress } from './upload-progress';

const copy = studioLessonsCopy.add;

type VideoState =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'ready'; file: File; facts: VideoFacts; frameUrls: string[] }
  | { status: 'unreadable' };

type CaptionsState =
  | { status: 'none' }
  | { status: 'ready'; vtt: string; converted: boolean }
  | { status: 'refused'; message: string };

type Phase =
  | { step: 'editing' }
  | { step: 'uploading'; sent: number; total: number; paused: boolean }
  | { step: 'storing' }
  | { step: 'saving' };

type Field = 'title' | 'slug' | 'video';

function captionsMessage(problem: CaptionsProblem): string {
  const words = studioLessonsCopy.captionsProblems;
  switch (problem.kind) {
    case 'not-text':
      return words.notText;
    case 'no-cues':
      return words.noCues;
    case 'invalid-webvtt':
      return words.invalidWebVtt(problem.line, problem.detail);
    case 'invalid-srt':
      return words.invalidSrt(problem.line);
  }
}

/** Every object address the form made, revoked when it is replaced or the form goes away. */
function useObjectUrls() {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const made = urls.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  return {
    make(blob: Blob) {
      const url = URL.createObjectURL(blob);
      urls.current.add(url);
      return url;
    },
    drop(...dropped: string[]) {
      for (const url of dropped) {
        URL.revokeObjectURL(url);
        urls.current.delete(url);
      }
    },
  };
}

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
  const objectUrls = useObjectUrls();
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [video, setVideo] = useState<VideoState>({ status: 'none' });
  const [captions, setCaptions] = useState<CaptionsState>({ status: 'none' });
  const [poster, setPoster] = useState<PosterChoice | null>(null);
  const [pictureProblem, setPictureProblem] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [phase, setPhase] = useState<Phase>({ step: 'editing' });
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useRef<ResumableUpload | null>(null);
  const working = phase.step !== 'editing';
  const shownSlug = slugEdited ? slug : slugFromTitle(title);

  // Leaving mid-upload asks first: the upload could go on later, but only once the same video is picked again.
  useEffect(() => {
    if (phase.step !== 'uploading') return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [phase.step]);

  async function pickVideo(file: File) {
    if (video.status === 'ready') objectUrls.drop(...video.frameUrls);
    setErrors((known) => ({ ...known, video: undefined }));
    setVideo({ status: 'reading' });
    try {
      const facts = await backend.inspectVideo(file);
      const frameUrls = facts.frames.map((frame) => objectUrls.make(frame));
      setVideo({ status: 'ready', file, facts, frameUrls });
      if (poster?.kind !== 'picture') {
        setPoster(frameUrls.length > 0 ? { kind: 'frame', index: Math.floor(frameUrls.length / 2) } : null);
      }
    } catch (error) {
      console.error('Studio: the video could not be read.', error);
      setVideo({ status: 'unreadable' });
    }
  }

  async function pickCaptions(file: File) {
    const result = captionsAsWebVtt(new Uint8Array(await file.arrayBuffer()));
    setCaptions(
      result.ok
        ? { status: 'ready', vtt: result.vtt, converted: result.format === 'srt' }
        : { status: 'refused', message: captionsMessage(result.problem) },
    );
  }

  async function pickPicture(file: File) {
    const kind = posterKind(new Uint8Array(await file.slice(0, PICTURE_HEAD_BYTES).arrayBuffer()));
    setPictureProblem(kind === null);
    if (!kind) return;
    if (poster?.kind === 'picture') objectUrls.drop(poster.url);
    setPoster({ kind: 'picture', file, url: objectUrls.make(file), ...kind });
  }

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

  /** The poster's bytes and type, from the chosen frame (a JPEG drawn here) or the owner's picture. */
  function posterFile(): { blob: Blob; extension: 'jpg' | 'png' | 'webp'; contentType: string } | null {
    if (poster?.kind === 'picture') return { blob: poster.file, ...poster };
    const frame = poster && video.status === 'ready' ? video.facts.frames[poster.index] : undefined;
    return frame ? { blob: frame, extension: 'jpg', contentType: 'image/jpeg' } : null;
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
    const picture = posterFile();
    const paths = lessonFilePaths(shownSlug, video.file, picture?.extension ?? 'jpg');
    setPhase({ step: 'uploading', sent: 0, total: video.file.size, paused: false });
    try {
      upload.current = backend.uploadVideo(paths.video, video.file, ({ sent, total }) =>
        setPhase((known) => (known.step === 'uploading' ? { ...known, sent, total } : known)),
      );
      await upload.current.done;
    } catch (error) {
      console.error('Studio: the video upload failed.', error);
      setFailure(copy.uploadFailed);
      setPhase({ step: 'editing' });
      return;
    } finally {
      upload.current = null;
    }
    try {
      setPhase({ step: 'storing' });
      if (captions.status === 'ready') {
        const vtt = new Blob([captions.vtt], { type: 'text/vtt' });
        await backend.uploadFile(paths.captions, vtt, 'text/vtt; charset=utf-8');
      }
      if (picture) await backend.uploadFile(paths.poster, picture.blob, picture.contentType);
      setPhase({ step: 'saving' });
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
      setPhase({ step: 'editing' });
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
      <fieldset disabled={working} className="grid gap-5">
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
        <FileField
          id={`${id}-video`}
          label={copy.video}
          error={errors.video}
          describedBy={`${id}-video-state`}
          accept="video/mp4,video/webm"
          aria-invalid={errors.video || video.status === 'unreadable' ? true : undefined}
          onFile={(file) => {
            if (file) void pickVideo(file);
          }}
        >
          <p id={`${id}-video-state`} className="mt-1 text-sm text-ink-soft" aria-live="polite">
            {video.status === 'reading' && copy.videoReading}
            {video.status === 'ready' && copy.videoLength(video.facts.durationSeconds)}
            {video.status === 'unreadable' && (
              <span className="font-semibold text-red-700">{copy.videoUnreadable}</span>
            )}
          </p>
        </FileField>
        <FileField
          id={`${id}-captions`}
          label={copy.captions}
          describedBy={`${id}-captions-state`}
          accept=".vtt,.srt,text/vtt,application/x-subrip"
          aria-invalid={captions.status === 'refused' || undefined}
          onFile={(file) => {
            if (file) void pickCaptions(file);
            else setCaptions({ status: 'none' });
          }}
        >
          <p id={`${id}-captions-state`} className="mt-1 text-sm text-ink-soft" aria-live="polite">
            {captions.status === 'none' && copy.captionsOptional}
            {captions.status === 'ready' &&
              (captions.converted ? copy.captionsConverted : copy.captionsReady)}
            {captions.status === 'refused' && (
              <span className="font-semibold text-red-700">{captions.message}</span>
            )}
          </p>
        </FileField>
        <PosterPicker
          frameUrls={video.status === 'ready' ? video.frameUrls : []}
          choice={poster}
          pictureProblem={pictureProblem}
          onChoose={setPoster}
          onPicture={(file) => void pickPicture(file)}
        />
      </fieldset>
      <p aria-live="polite" className="font-semibold empty:hidden">
        {phase.step === 'uploading' && (phase.paused ? copy.paused : copy.uploading)}
        {phase.step === 'storing' && copy.storingFiles}
        {phase.step === 'saving' && copy.saving}
      </p>
      {phase.step === 'uploading' && (
        <UploadProgress
          sent={phase.sent}
          total={phase.total}
          paused={phase.paused}
          onPause={() => {
            upload.current?.pause();
            setPhase({ ...phase, paused: true });
          }}
          onResume={() => {
            upload.current?.resume();
            setPhase({ ...phase, paused: false });
          }}
        />
      )}
      {failure && (
        <p role="alert" className="font-semibold text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={working}>
          {copy.submit}
        </Button>
        <Button variant="outline" disabled={working} onClick={onCancel}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}
