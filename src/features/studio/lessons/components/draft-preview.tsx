import { useCallback, useId, useRef } from 'react';
import { studioLessonsCopy as copy } from '@/content/studio-lessons';
import { useLoad } from '@/lib/use-load';
import { CaptionedVideo } from '@/shared/player/captioned-video';
import { PlayerFrame } from '@/shared/player/player-frame';
import type { LessonsBackend, StudioLesson } from '../model/lessons-backend';

/** A draft as a learner will see it: the course's own player, with the files signed for the owner. */
export function DraftPreview({ backend, lesson }: { backend: LessonsBackend; lesson: StudioLesson }) {
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const { state } = useLoad(
    useCallback(() => backend.signLessonMedia(lesson), [backend, lesson]),
    'Studio: the draft could not be signed.',
  );

  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-line pt-4">
      <h4 id={headingId} className="font-semibold text-ink">
        {copy.previewHeading(lesson.title)}
      </h4>
      <p className="mt-1 text-sm text-ink-muted">{copy.previewNote}</p>
      <PlayerFrame
        state={state}
        failed={
          <p role="alert" className="p-4">
            {copy.previewFailed}
          </p>
        }
        className="mt-3 max-w-3xl"
      >
        {(signed) => (
          <CaptionedVideo
            media={signed}
            stream={lesson.stream_path}
            videoRef={video}
            labelledBy={headingId}
          />
        )}
      </PlayerFrame>
    </section>
  );
}
