import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-picker';
import { studioLessonsCopy } from '@/content/studio-lessons';
import type { LessonFiles } from './use-lesson-files';
import { PosterPicker } from './poster-picker';

const copy = studioLessonsCopy.add;

/** The words of the three fields: a new lesson's, or the replacements of a lesson's files. */
export interface LessonFileWords {
  video: string;
  /** Said under the video field while none is picked. */
  videoNone: string;
  /** The button that takes a picked video back out of the form. */
  videoClear: string;
  captions: string;
  captionsNone: string;
  captionsClear: string;
  poster: string;
  posterHint: string;
}

/** A lesson's video, captions and poster as the owner picks them, each field saying what it holds. */
export function LessonFileFields({
  id,
  files,
  words,
  videoError,
}: {
  /** The form's id: the fields' ids start with it, so the form can focus one. */
  id: string;
  files: LessonFiles;
  words: LessonFileWords;
  videoError?: string | undefined;
}) {
  const { video, captions } = files;
  const videoInput = useRef<HTMLInputElement>(null);
  const captionsInput = useRef<HTMLInputElement>(null);
  /** Empties a file field and gives it the keyboard, as the button that did it goes away. */
  const clear = (input: HTMLInputElement | null, picked: () => void) => {
    if (input) input.value = '';
    picked();
    input?.focus();
  };
  return (
    <>
      <FileField
        id={`${id}-video`}
        label={words.video}
        error={videoError}
        describedBy={`${id}-video-state`}
        accept="video/mp4,video/webm"
        aria-invalid={videoError || video.status === 'unreadable' ? true : undefined}
        ref={videoInput}
        onFile={(file) => void files.pickVideo(file)}
      >
        <p id={`${id}-video-state`} className="mt-1 text-sm text-ink-soft" aria-live="polite">
          {video.status === 'none' && words.videoNone}
          {video.status === 'reading' && copy.videoReading}
          {video.status === 'ready' && copy.videoLength(video.facts.durationSeconds)}
          {video.status === 'unreadable' && (
            <span className="font-semibold text-red-700">{copy.videoUnreadable}</span>
          )}
        </p>
        {video.status !== 'none' && (
          <ClearButton onClick={() => clear(videoInput.current, () => void files.pickVideo(null))}>
            {words.videoClear}
          </ClearButton>
        )}
      </FileField>
      <FileField
        id={`${id}-captions`}
        label={words.captions}
        describedBy={`${id}-captions-state`}
        accept=".vtt,.srt,text/vtt,application/x-subrip"
        aria-invalid={captions.status === 'refused' || undefined}
        ref={captionsInput}
        onFile={(file) => void files.pickCaptions(file)}
      >
        <p id={`${id}-captions-state`} className="mt-1 text-sm text-ink-soft" aria-live="polite">
          {captions.status === 'none' && words.captionsNone}
          {captions.status === 'ready' && (captions.converted ? copy.captionsConverted : copy.captionsReady)}
          {captions.status === 'refused' && (
            <span className="font-semibold text-red-700">{captions.message}</span>
          )}
        </p>
        {captions.status !== 'none' && (
          <ClearButton onClick={() => clear(captionsInput.current, () => void files.pickCaptions(null))}>
            {words.captionsClear}
          </ClearButton>
        )}
      </FileField>
      <PosterPicker
        legend={words.poster}
        hint={words.posterHint}
        frameUrls={video.status === 'ready' ? video.frameUrls : []}
        choice={files.poster}
        pictureProblem={files.pictureProblem}
        onChoose={files.setPoster}
        onPicture={(file) => void files.pickPicture(file)}
      />
    </>
  );
}

function ClearButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button variant="outline" size="sm" className="mt-2" onClick={onClick}>
      {children}
    </Button>
  );
}
