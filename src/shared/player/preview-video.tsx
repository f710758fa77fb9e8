import { type ReactNode, useCallback, useEffect, useId, useRef } from 'react';
import { useLoad } from '@/lib/use-load';
import type { OutlineLesson } from '@/shared/course-outline/outline';
import type { LessonMedia } from './lesson-media';
import { CaptionedVideo } from './captioned-video';
import { PlayerFrame } from './player-frame';
import { keepPreviewPosition } from './preview-position';

/** While a preview plays, how far it got is kept on the device at most this often (and on pause and end). */
const KEEP_EVERY_MS = 5_000;

/** A preview lesson's files, as the public outline names them. */
export type PreviewFiles = NonNullable<OutlineLesson['preview']>;

/**
 * A free preview lesson, for anyone: its title, the native player with captions on, and what comes after.
 * Its files are signed for this visit under whatever session the browser has (none at all will do), and it
 * starts playing once they are, since a tap brought it here; its title takes the focus from the button that
 * tap removed. How far it got is kept on this device, and counts for the lesson once she signs in here.
 */
export function PreviewVideo({
  lesson,
  preview,
  eyebrow,
  sign,
  onRefused,
  headingLevel: Heading = 'h2',
  after,
}: {
  lesson: Pick<OutlineLesson, 'title' | 'slug'>;
  preview: PreviewFiles;
  eyebrow: string;
  sign: (preview: PreviewFiles) => Promise<LessonMedia>;
  /**
   * Told when its files cannot be signed: they may have changed since the outline was read (its stream made, its
   * video replaced), so the page reads it again, and the player signs the files it then names.
   */
  onRefused: () => void;
  /** The title's level where it stands: a section of /course, or inside the sign-up's success panel. */
  headingLevel?: 'h2' | 'h4';
  /** Under the player: the way on from a preview (sign in, or the inbox). */
  after?: ReactNode;
}) {
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Signed again only when its files change: the live outline's copy of the same preview keeps the player as it is.
  const { videoPath, captionsPath, posterPath, streamPath } = preview;
  const media = useLoad(
    useCallback(
      () =>
        sign({ videoPath, captionsPath, posterPath, streamPath }).catch((error: unknown) => {
          onRefused();
          throw error;
        }),
      [sign, onRefused, videoPath, captionsPath, posterPath, streamPath],
    ),
    'Course: the preview could not be signed.',
  );
  const { state } = media;
  const keptAt = useRef(0);

  function keepPosition(always: boolean) {
    const player = video.current;
    if (!player || player.currentTime === 0 || (!always && Date.now() - keptAt.current < KEEP_EVERY_MS))
      return;
    keptAt.current = Date.now();
    const durationSeconds = Number.isFinite(player.duration) ? player.duration : 0;
    keepPreviewPosition(lesson.slug, { positionSeconds: player.currentTime, durationSeconds });
  }

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    if (state.status !== 'ready') return;
    video.current?.play().catch(() => {
      // The browser wants its own tap on the player: its controls are there for it.
    });
  }, [state]);

  return (
    <section aria-labelledby={headingId}>
      <p className="text-sm font-semibold tracking-wide text-ink-muted">{eyebrow}</p>
      <Heading
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className={`mt-1 font-display font-semibold tracking-tight focus:not-focus-visible:outline-none ${Heading === 'h2' ? 'text-2xl sm:text-3xl' : 'text-xl'}`}
      >
        {lesson.title}
      </Heading>
      <PlayerFrame state={state} onRetry={media.retry} className="mt-4 shadow-card">
        {(signed) => (
          <CaptionedVideo
            media={signed}
            stream={preview.streamPath}
            videoRef={video}
            labelledBy={headingId}
            onError={media.fail}
            onTimeUpdate={() => keepPosition(false)}
            onPause={() => keepPosition(true)}
            onEnded={() => keepPosition(true)}
          />
        )}
      </PlayerFrame>
      {after}
    </section>
  );
}
