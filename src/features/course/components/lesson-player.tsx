import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { courseCopy } from '@/content/course-page';
import type { CourseBackend, LessonMedia } from '../model/course-backend';
import type { Lesson } from '../model/lesson';
import { RetryNotice } from './retry-notice';

const copy = courseCopy.player;

/** An address this fresh that fails is not an expired one: signing it again would only fail again. */
const FRESH_ADDRESS_MS = 60_000;

type MediaState = { status: 'loading' } | { status: 'ready'; media: LessonMedia } | { status: 'failed' };

/**
 * One lesson: its title (focused when the visitor picks a lesson), the native player with captions on and
 * no autoplay, and its summary. The files are private, so their addresses are signed for this visit; when one
 * runs out mid-lesson, the player signs again and carries on where it was.
 */
export function LessonPlayer({
  backend,
  lesson,
  position,
  total,
  headingRef,
}: {
  backend: CourseBackend;
  lesson: Lesson;
  position: number;
  total: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<MediaState>({ status: 'loading' });
  const [signings, setSignings] = useState(0);
  const signedAt = useRef(0);
  const resume = useRef<{ at: number; playing: boolean } | null>(null);

  useEffect(() => {
    let current = true;
    backend.signLessonMedia(lesson).then(
      (media) => {
        if (!current) return;
        signedAt.current = Date.now();
        setState({ status: 'ready', media });
      },
      (error: unknown) => {
        console.error('Course: the lesson files could not be signed.', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [backend, lesson, signings]);

  // `default` asks the browser to show the captions; setting the mode makes sure every browser does.
  useEffect(() => {
    const player = video.current;
    if (!player || state.status !== 'ready') return;
    for (const track of player.textTracks) if (track.kind === 'captions') track.mode = 'showing';
  }, [state]);

  function signAgain() {
    setState({ status: 'loading' });
    setSignings((count) => count + 1);
  }

  function onVideoError() {
    const player = video.current;
    if (!player || Date.now() - signedAt.current < FRESH_ADDRESS_MS) {
      setState({ status: 'failed' });
      return;
    }
    resume.current = { at: player.currentTime, playing: !player.paused };
    setSignings((count) => count + 1);
  }

  function onLoadedMetadata() {
    const player = video.current;
    const pending = resume.current;
    if (!player || !pending) return;
    resume.current = null;
    player.currentTime = pending.at;
    if (pending.playing)
      player.play().catch((error: unknown) => console.error('Course: playback did not resume.', error));
  }

  return (
    <section aria-labelledby={headingId}>
      <p className="text-sm font-semibold tracking-wide text-ink-muted">
        {courseCopy.lessons.position(position, total)}
      </p>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 font-display text-2xl font-semibold tracking-tight sm:text-3xl"
      >
        {lesson.title}
      </h2>
      <div className="mt-4 aspect-video overflow-hidden rounded-card bg-night text-on-night shadow-card">
        {state.status === 'ready' && (
          <video
            ref={video}
            className="size-full"
            controls
            playsInline
            preload="metadata"
            crossOrigin="anonymous"
            poster={state.media.poster ?? undefined}
            src={state.media.video}
            aria-labelledby={headingId}
            onError={onVideoError}
            onLoadedMetadata={onLoadedMetadata}
          >
            {state.media.captions && (
              <track
                kind="captions"
                src={state.media.captions}
                srcLang={copy.captionsLanguage}
                label={copy.captionsLabel}
                default
              />
            )}
          </video>
        )}
        {state.status === 'loading' && (
          <p className="grid size-full place-items-center p-4 text-center text-on-night-soft">
            {copy.loading}
          </p>
        )}
        {state.status === 'failed' && (
          <RetryNotice message={copy.failed} onRetry={signAgain} className="size-full justify-center p-6" />
        )}
      </div>
      {lesson.summary && (
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-soft">{lesson.summary}</p>
      )}
    </section>
  );
}
