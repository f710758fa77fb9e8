import { type MouseEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { LockIcon, PlayIcon } from '@/components/ui/icons';
import { COURSE_PATH, courseLinks } from '@/content/course';
import { teaserCopy, teaserSettings } from '@/content/teaser';
import { pendingLook, useEarlyIntent } from '@/lib/use-early-intent';
import { publicFileUrl } from '@/shared/site-words/public-file-url';
import { useSiteWords } from '@/shared/site-words/site-words';

/**
 * The captions track is off in the markup, so that the page does not fetch it for a visitor who never plays
 * (decision 0052); it shows from the first frame of playback.
 */
function showCaptions(player: HTMLVideoElement) {
  for (const track of player.textTracks) if (track.kind === 'captions') track.mode = 'showing';
}

/** What the page may ask of the teaser: to play it (the sign-up's "watch the teaser" link does). */
export interface TeaserHandle {
  play(): void;
}

/**
 * The teaser card. The video element is in the prerendered page with preload="none" and its captions off, so
 * nothing of the clip loads until the visitor presses Play Teaser; until then a responsive still covers it,
 * fetched at low priority so it never competes with the first view (a poster attribute would load the
 * full-size still). When the clip ends, a card offers the full course: it opens the sign-up, or, for a visitor
 * who is signed in (`courseUnlocked`), it and the locked button become links to the course. A tap on Play Teaser
 * or on the locked button before hydration is carried out once hydrated.
 */
export function TeaserCard({
  ref,
  courseUnlocked = false,
  onUnlock,
  onUnlockIntent,
}: {
  ref?: Ref<TeaserHandle>;
  courseUnlocked?: boolean;
  onUnlock: (opener: HTMLElement) => void;
  onUnlockIntent?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const videoId = useId();
  const words = useSiteWords();
  const poster = words['teaser.poster'];
  const videoSrc = words['teaser.video']
    ? publicFileUrl('teaser', words['teaser.video'])
    : teaserSettings.videoSrc;
  const captionsSrc = words['teaser.captions']
    ? publicFileUrl('teaser', words['teaser.captions'])
    : teaserSettings.captionsSrc;
  const [started, setStarted] = useState(false);
  const [ended, setEnded] = useState(false);
  const [focusRequests, setFocusRequests] = useState(0);

  // The overlay button goes away once playing starts: keyboard focus moves to the player and its controls.
  useEffect(() => {
    if (focusRequests > 0) video.current?.focus();
  }, [focusRequests]);

  function play() {
    const player = video.current;
    setStarted(true);
    setEnded(false);
    setFocusRequests((count) => count + 1);
    if (!player) return;
    showCaptions(player);
    player.play().catch((error: unknown) => console.error('Teaser: playback did not start.', error));
  }

  useImperativeHandle(ref, () => ({ play }));
  useEarlyIntent('play-teaser', play);
  useEarlyIntent('unlock-course', onUnlock);

  const unlockProps = {
    onClick: (event: MouseEvent<HTMLButtonElement>) => onUnlock(event.currentTarget),
    onPointerDown: onUnlockIntent,
    onFocus: onUnlockIntent,
  };

  return (
    <section
      id="teaser"
      aria-labelledby="teaser-title"
      className="below-the-fold px-5 py-16 sm:px-8 sm:py-24"
    >
      <div className="mx-auto max-w-5xl">
        <h2
          id="teaser-title"
          className="mx-auto max-w-3xl text-center font-display text-title font-semibold tracking-tight text-balance"
        >
          {words['teaser.title']}
        </h2>
        <div className="mt-10 overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line sm:mt-12">
          <div className="relative aspect-video bg-night">
            <video
              ref={video}
              id={videoId}
              className="size-full object-cover"
              preload="none"
              playsInline
              controls={started && !ended}
              onEnded={() => setEnded(true)}
              aria-label={teaserCopy.videoLabel}
              width={teaserSettings.stillWidth}
              height={teaserSettings.stillHeight}
            >
              <source src={videoSrc} />
              <track
                kind="captions"
                src={captionsSrc}
                srcLang={teaserSettings.captionsLanguage}
                label={teaserSettings.captionsLabel}
              />
            </video>
            {!started && (
              <>
                <img
                  {...(poster
                    ? { src: publicFileUrl('guides', poster) }
                    : {
                        src: teaserSettings.still,
                        srcSet: teaserSettings.stillSrcSet,
                        sizes: teaserSettings.stillSizes,
                      })}
                  alt=""
                  width={teaserSettings.stillWidth}
                  height={teaserSettings.stillHeight}
                  fetchPriority="low"
                  decoding="async"
                  className="absolute inset-0 size-full object-cover"
                />
                <div className="absolute inset-0 grid place-items-center bg-gradient-to-t from-night/70 via-night/10 to-transparent">
                  <Button
                    size="sm"
                    onClick={play}
                    data-intent="play-teaser"
                    data-intent-media={videoId}
                    className={`shadow-xl sm:min-h-13 sm:px-7 sm:py-3.5 sm:text-lg ${pendingLook}`}
                    suppressHydrationWarning
                  >
                    <PlayIcon />
                    {teaserCopy.playTeaser}
                    <span className="rounded-full bg-ink/10 px-2 py-0.5 text-xs font-semibold sm:px-2.5 sm:text-sm">
                      {teaserCopy.teaserLength}
                    </span>
                  </Button>
                </div>
              </>
            )}
            {ended && (
              <div className="absolute inset-0 grid place-items-center bg-night/95 p-4 text-center text-on-night">
                <div className="flex flex-col items-center gap-3 sm:gap-5">
                  <p className="font-display text-xl font-semibold sm:text-3xl">{teaserCopy.endCard.title}</p>
                  {courseUnlocked ? (
                    <a
                      href={COURSE_PATH}
                      className={buttonVariants({ size: 'sm', className: 'sm:min-h-13 sm:px-7 sm:text-lg' })}
                    >
                      {courseLinks.continueCourse}
                    </a>
                  ) : (
                    <Button size="sm" className="sm:min-h-13 sm:px-7 sm:text-lg" {...unlockProps}>
                      {teaserCopy.endCard.action}
                    </Button>
                  )}
                  <button
                    type="button"
                    onClick={play}
                    className="inline-flex min-h-11 items-center px-3 text-sm font-semibold underline underline-offset-4 sm:text-base"
                  >
                    {teaserCopy.endCard.replay}
                  </button>
                </div>
              </div>
            )}
          </div>
          <div className="flex flex-col gap-6 p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
            <p className="max-w-xl text-base leading-relaxed text-ink-soft sm:text-lg">
              {words['teaser.caption']}
            </p>
            <div className="flex shrink-0 flex-col items-start gap-2 md:items-end">
              {courseUnlocked ? (
                <a href={COURSE_PATH} className={buttonVariants({ variant: 'dark' })}>
                  <PlayIcon />
                  {courseLinks.continueCourse}
                </a>
              ) : (
                <Button
                  variant="dark"
                  data-intent="unlock-course"
                  className={pendingLook}
                  suppressHydrationWarning
                  {...unlockProps}
                >
                  <LockIcon />
                  {teaserCopy.playFullCourse}
                </Button>
              )}
              <p className="text-sm text-ink-muted">
                {courseUnlocked ? teaserCopy.unlockedHint : teaserCopy.lockedHint}
              </p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
