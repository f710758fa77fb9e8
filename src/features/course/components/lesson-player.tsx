import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { courseCopy } from '@/content/course-page';
import { useLoad } from '@/lib/use-load';
import { CaptionedVideo } from '@/shared/player/captioned-video';
import { loadedAhead } from '@/shared/player/load-ahead';
import { PlayCover } from '@/shared/player/play-cover';
import { PlayerFrame } from '@/shared/player/player-frame';
import type { CourseContentBackend } from '../model/course-backend';
import type { Lesson } from '../model/lesson';
import { type EndOffer, type LessonProgress, resumePosition } from '../model/progress';
import { type RecordPosition, usePlaybackProgress } from '../use-playback-progress';
import { LessonEnd } from './lesson-end';
import { ResumeNotice } from './resume-notice';

/** An address this fresh that fails is not an expired one: signing it again would only fail again. */
const FRESH_ADDRESS_MS = 60_000;

/**
 * One lesson: its title (focused when the visitor picks a lesson), the native player with captions on and
 * no autoplay, and its summary. Until it first plays, one large Play control covers it from the moment it
 * appears; a tap there before the video can play is kept, and it plays as soon as it can. It opens where the
 * learner left it (with the way back to the start), reports
 * the position as it plays, and at the end says what comes next. The files are private, so their addresses
 * are signed for this visit; when one runs out mid-lesson, the player signs again and carries on where it was.
 */
export function LessonPlayer({
  backend,
  lesson,
  position,
  total,
  eyebrow,
  headingRef,
  progress,
  record,
  endOffer,
  onChoose,
  onEnded,
  onShowComplete,
}: {
  backend: Pick<CourseContentBackend, 'signLessonMedia'>;
  lesson: Lesson;
  position: number;
  total: number;
  /**
   * Said over the title instead of "Lesson n of N" until the lesson plays: where the learner picks up
   * ("Continue: Lesson 3 at 2:14").
   */
  eyebrow?: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  progress: LessonProgress | undefined;
  record: RecordPosition;
  /** What the lesson's end offers, from the progress as it is when it ends. */
  endOffer: EndOffer;
  onChoose: (lesson: Lesson) => void;
  /** Called once the lesson's end is recorded. */
  onEnded: () => void;
  onShowComplete: () => void;
}) {
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const signedAt = useRef(0);
  const media = useLoad(
    useCallback(
      () =>
        backend.signLessonMedia(lesson).then(async (signed) => {
          signedAt.current = Date.now();
          // A file the page is loading ahead (../first-play-warmup.ts) is opened once its first bytes have come.
          await loadedAhead([signed.video, signed.slowLinkVideo]);
          return signed;
        }),
      [backend, lesson],
    ),
    'Course: the lesson files could not be signed.',
  );
  // Read once: the player is remounted for each lesson, and its own saves must not move where it opened.
  const [resumeFrom] = useState(() => resumePosition(progress));
  const [offerStartOver, setOfferStartOver] = useState(resumeFrom > 0);
  const [ended, setEnded] = useState(false);
  /** Before the first play: not asked, asked (a tap waiting for the video), or playing since. */
  const [start, setStart] = useState<'waiting' | 'asked' | 'started'>('waiting');
  // The same tap for the video's own events, which may come before the next render.
  const asked = useRef(false);
  const playButton = useRef<HTMLButtonElement>(null);
  const focusPlayer = useRef(false);
  useEffect(() => {
    if (start !== 'started' || !focusPlayer.current) return;
    focusPlayer.current = false;
    video.current?.focus();
  }, [start]);
  const resume = useRef<{ at: number; playing: boolean } | null>(
    resumeFrom > 0 ? { at: resumeFrom, playing: false } : null,
  );
  const playback = usePlaybackProgress({
    video,
    lessonSeconds: lesson.duration_seconds,
    alreadyWatched: progress?.completedAt != null,
    record,
  });

  function onVideoError() {
    const player = video.current;
    if (!player || Date.now() - signedAt.current < FRESH_ADDRESS_MS) {
      media.fail();
      return;
    }
    resume.current = { at: player.currentTime, playing: !player.paused };
    media.reload();
  }

  function play(player: HTMLVideoElement) {
    player.play().catch((error: unknown) => {
      // Its source was still being attached (a stream): `onLoadedMetadata` asks again.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (a browser that wants its own tap): the Play control is offered again.
      console.error('Course: playback did not start.', error);
      asked.current = false;
      setStart((now) => (now === 'asked' ? 'waiting' : now));
    });
  }

  /**
   * The tap on Play. The video is asked at once, inside the tap, whenever it is there (a phone's browser lets a
   * video play with sound only from a tap on it); before it knows its length it starts as soon as it can, and
   * a tap made while the files are still being signed is kept until `onLoadedMetadata`.
   */
  function askToPlay() {
    if (start !== 'waiting') return;
    setStart('asked');
    asked.current = true;
    const player = video.current;
    if (player) play(player);
  }

  function startOver() {
    resume.current = null;
    setOfferStartOver(false);
    const player = video.current;
    if (!player) return;
    player.currentTime = 0;
    (start === 'started' ? player : playButton.current)?.focus();
  }

  function onLoadedMetadata() {
    const player = video.current;
    if (!player) return;
    const pending = resume.current;
    resume.current = null;
    if (pending) player.currentTime = pending.at;
    if (pending?.playing || (asked.current && player.paused)) play(player);
  }

  return (
    <section aria-labelledby={headingId}>
      <p className="text-sm font-semibold tracking-wide text-ink-muted">
        {(start !== 'started' && !ended && eyebrow) || courseCopy.lessons.position(position, total)}
      </p>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 font-display text-2xl font-semibold tracking-tight sm:text-3xl"
      >
        {lesson.title}
      </h2>
      <PlayerFrame
        state={media.state}
        onRetry={media.retry}
        className="mt-4 shadow-card"
        cover={
          start !== 'started' && (
            <PlayCover
              title={lesson.title}
              starting={start === 'asked'}
              onStart={askToPlay}
              buttonRef={playButton}
            />
          )
        }
      >
        {(signed) => (
          <CaptionedVideo
            media={signed}
            stream={lesson.stream_path}
            videoRef={video}
            labelledBy={headingId}
            controls={start === 'started'}
            onError={onVideoError}
            onLoadedMetadata={onLoadedMetadata}
            onPlaying={() => {
              asked.current = false;
              // The Play control goes with the cover: a keyboard's focus moves on to the player it started.
              focusPlayer.current = document.activeElement === playButton.current;
              setStart('started');
            }}
            onPlay={() => {
              setEnded(false);
              playback.onPlay();
            }}
            onTimeUpdate={playback.onTimeUpdate}
            onPause={playback.onPause}
            onEnded={() => {
              setEnded(true);
              setOfferStartOver(false);
              playback.onEnded();
              onEnded();
            }}
          />
        )}
      </PlayerFrame>
      {offerStartOver && (
        <div className="mt-4">
          <ResumeNotice fromSeconds={resumeFrom} onStartOver={startOver} />
        </div>
      )}
      <div aria-live="polite" className="mt-4 empty:mt-0">
        {ended && (
          <LessonEnd offer={endOffer} total={total} onChoose={onChoose} onShowComplete={onShowComplete} />
        )}
      </div>
      {lesson.summary && (
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-soft">{lesson.summary}</p>
      )}
    </section>
  );
}
