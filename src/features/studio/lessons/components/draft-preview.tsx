import { useEffect, useId, useRef, useState } from 'react';
import { studioLessonsCopy as copy } from '@/content/studio-lessons';
import { CaptionedVideo } from '@/shared/player/captioned-video';
import type { LessonMedia } from '@/shared/player/lesson-media';
import type { LessonsBackend, StudioLesson } from '../model/lessons-backend';

type MediaState = { status: 'loading' } | { status: 'ready'; media: LessonMedia } | { status: 'failed' };

/** A draft as a learner will see it: the course's own player, with the files signed for the owner. */
export function DraftPreview({ backend, lesson }: { backend: LessonsBackend; lesson: StudioLesson }) {
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<MediaState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    backend.signLessonMedia(lesson).then(
      (media) => current && setState({ status: 'ready', media }),
      (error: unknown) => {
        console.error('Studio: the draft could not be signed.', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [backend, lesson]);

  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-line pt-4">
      <h4 id={headingId} className="font-semibold text-ink">
        {copy.previewHeading(lesson.title)}
      </h4>
      <p className="mt-1 text-sm text-ink-muted">{copy.previewNote}</p>
      <div className="mt-3 aspect-video max-w-3xl overflow-hidden rounded-card bg-night text-on-night">
        {state.status === 'ready' && (
          <CaptionedVideo
            media={state.media}
            stream={lesson.stream_path}
            videoRef={video}
            labelledBy={headingId}
          />
        )}
        {state.status === 'failed' && (
          <p role="alert" className="p-4">
            {copy.previewFailed}
          </p>
        )}
      </div>
    </section>
  );
}
