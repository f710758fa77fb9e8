import type { ReactNode } from 'react';
import heroLenses from '@/assets/hero-lenses.svg?no-inline';
import { LensDots } from '@/components/lens-dots';
import { siteSettings } from '@/content/site';
import { useSiteWords } from '@/shared/site-words/site-words';

/**
 * The hero: the brand and the way to the course, the headline and its clean-version switch (`headline`), the
 * promise, the proof line with the course's length (`proof`), and the two ways to the sign-up (`actions`). Its
 * parts a visitor can touch arrive as slots, so the landing page can hydrate them alone.
 */
export function Hero({
  proof,
  actions,
  headline,
  courseLink,
}: {
  /** HeroProof, with the course's length. */
  proof: ReactNode;
  actions: ReactNode;
  /** HeroHeadline. */
  headline: ReactNode;
  /** CourseLink, in the night's tone. */
  courseLink: ReactNode;
}) {
  const words = useSiteWords();
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
          {courseLink}
        </div>
        <div className="mt-12 grid items-center gap-12 sm:mt-16 lg:grid-cols-[1.2fr_0.8fr]">
          <div>
            <p className="inline-flex rounded-full border border-white/15 bg-white/5 px-3 py-1.5 text-[0.6875rem] font-semibold tracking-[0.08em] text-accent uppercase sm:px-3.5 sm:text-sm sm:tracking-[0.12em]">
              {words['hero.eyebrow']}
            </p>
            {headline}
            <p className="mt-8 max-w-xl text-lg leading-relaxed text-on-night-soft sm:text-xl">
              {words['hero.body']}
            </p>
            {proof}
            {actions}
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
