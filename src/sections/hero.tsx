import { type ReactNode, useId, useState } from 'react';
import heroLenses from '@/assets/hero-lenses.svg?no-inline';
import { LensDots } from '@/components/lens-dots';
import { buttonVariants } from '@/components/ui/button';
import { ArrowDownIcon, CheckIcon } from '@/components/ui/icons';
import { Switch } from '@/components/ui/switch';
import { COURSE_PATH, courseLinks } from '@/content/course';
import { heroCopy } from '@/content/hero';
import { siteSettings } from '@/content/site';
import { pendingLook, useEarlyIntent } from '@/lib/use-early-intent';
import { useSiteWords } from '@/shared/site-words/site-words';
import { CourseLink } from './course-link';

/**
 * The hero: the headline and its clean-version switch, the promise, the course's length, and the two ways to
 * the sign-up. `onSignUpIntent` hears a press or focus on the sign-up button, before its click. The sign-up
 * button is a link to the form, so it works before the app runs and without script; once the app runs it opens
 * the dialog instead. A tap on it or on the switch before hydration is carried out once hydrated.
 */
export function Hero({
  courseUnlocked = false,
  proof,
  onSignUp,
  onSignUpIntent,
}: {
  /** The proof line's words, with the course's length. */
  proof: ReactNode;
  /** A learner signed in on this device: the sign-up button becomes "Continue the course". */
  courseUnlocked?: boolean;
  onSignUp: (opener: HTMLElement) => void;
  onSignUpIntent?: () => void;
}) {
  const [clean, setClean] = useState(false);
  const words = useSiteWords();
  const switchId = useId();
  useEarlyIntent('clean-headline', () => setClean((on) => !on));
  useEarlyIntent('sign-up', onSignUp);
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-night text-on-night">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_12%_10%,#2d2670_0,transparent_55%),radial-gradient(circle_at_95%_100%,#0f4f4a_0,transparent_50%)]"
      />
      <div className="mx-auto max-w-6xl px-5 pt-6 pb-16 sm:px-8 sm:pb-24 lg:pt-8 lg:pb-28">
        <div className="flex items-center justify-between gap-4">
          <p className="flex items-center gap-2.5 text-sm font-bold tracking-wide">
            <LensDots />
            {siteSettings.brandName}
          </p>
          <CourseLink tone="night" />
        </div>
        <div className="mt-12 grid items-center gap-12 sm:mt-16 lg:grid-cols-[1.2fr_0.8fr]">
          <div>
            <p className="inline-flex rounded-full border border-white/15 bg-white/5 px-3 py-1.5 text-[0.6875rem] font-semibold tracking-[0.08em] text-accent uppercase sm:px-3.5 sm:text-sm sm:tracking-[0.12em]">
              {words['hero.eyebrow']}
            </p>
            <h1
              id="hero-title"
              className="mt-6 font-display text-display font-semibold tracking-tight text-balance"
            >
              {clean ? words['hero.headlineClean'] : words['hero.headlineProfane']}
            </h1>
            <div className="mt-6 flex items-center gap-3">
              <Switch
                id={switchId}
                checked={clean}
                onCheckedChange={setClean}
                data-intent="clean-headline"
                className={pendingLook}
                suppressHydrationWarning
              />
              <label htmlFor={switchId} className="cursor-pointer text-sm font-medium text-on-night-soft">
                {heroCopy.cleanSwitchLabel}
              </label>
            </div>
            <p className="mt-8 max-w-xl text-lg leading-relaxed text-on-night-soft sm:text-xl">
              {words['hero.body']}
            </p>
            <p className="mt-4 flex max-w-xl gap-2 text-sm font-medium text-on-night sm:text-base">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-lens-2 sm:size-5" />
              {proof}
            </p>
            <div className="mt-10 flex flex-col items-start gap-5 sm:flex-row sm:items-center sm:gap-7">
              {courseUnlocked ? (
                <a href={COURSE_PATH} className={buttonVariants({ size: 'lg' })}>
                  {courseLinks.continueCourse}
                </a>
              ) : (
                <a
                  href="#signup"
                  role="button"
                  data-intent="sign-up"
                  className={buttonVariants({ size: 'lg', className: pendingLook })}
                  suppressHydrationWarning
                  onClick={(event) => {
                    event.preventDefault();
                    onSignUp(event.currentTarget);
                  }}
                  onPointerDown={onSignUpIntent}
                  onFocus={onSignUpIntent}
                >
                  {heroCopy.primaryCta}
                </a>
              )}
              <a
                href="#signup"
                className="inline-flex items-center gap-2 font-semibold text-on-night underline decoration-white/40 underline-offset-4 transition-colors hover:decoration-white"
              >
                {heroCopy.scrollLink}
                <ArrowDownIcon className="size-4" />
              </a>
            </div>
            <p className="mt-8 text-sm text-on-night-soft">{words['hero.audience']}</p>
          </div>
          {/* Lazy, so phones, where it is hidden, never download it. */}
          <img
            src={heroLenses}
            alt=""
            width={480}
            height={440}
            loading="lazy"
            className="mx-auto hidden w-full max-w-md md:block"
          />
        </div>
      </div>
    </section>
  );
}
