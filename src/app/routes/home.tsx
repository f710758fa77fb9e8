import { useRef } from 'react';
import { COURSE_PATH } from '@/content/course';
import { CourseProof } from '@/features/course/landing/course-proof';
import { LandingCourseOutline } from '@/features/course/landing/landing-course-outline';
import { GuidesCarousel } from '@/features/guides/components/guides-carousel';
import { Questionnaire } from '@/features/signup/components/questionnaire';
import { hasStoredSession, useHasStoredSession } from '@/lib/stored-session';
import { About } from '@/sections/about';
import { Hero } from '@/sections/hero';
import { SignupSection } from '@/sections/signup-section';
import { SiteFooter } from '@/sections/site-footer';
import { TeaserCard, type TeaserHandle } from '@/sections/teaser-card';
import { WhatYouLearn } from '@/sections/what-you-learn';
import { type SignupDialogHandle, SignupDialogHost } from './signup-dialog-host';

function scrollToSignup() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('signup')?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * The landing page: its sections in order, and the sign-up dialog that two of them open. The page holds
 * no state of its own, so opening the dialog re-renders the dialog only.
 */
export function Home() {
  const dialog = useRef<SignupDialogHandle>(null);
  const teaser = useRef<TeaserHandle>(null);
  const inlineStepHeading = useRef<HTMLHeadingElement>(null);
  const courseUnlocked = useHasStoredSession();

  const prepareDialog = () => dialog.current?.prepare();
  const openDialog = (opener: HTMLElement) => dialog.current?.open(opener);
  // The locked button is also tapped by signed-in visitors: before hydration, or before their session was read.
  const unlockCourse = (opener: HTMLElement) => {
    void hasStoredSession().then((signedIn) => {
      if (signedIn) window.location.assign(COURSE_PATH);
      else openDialog(opener);
    });
  };
  // Called from a click, so the teaser may start with sound; the dialog closes first if it is open.
  const watchTeaser = () => {
    dialog.current?.leave();
    teaser.current?.play();
  };

  return (
    <>
      <main>
        <Hero
          proof={<CourseProof />}
          courseUnlocked={courseUnlocked}
          onSignUp={(button) => {
            // The scroll behind the dialog starts once the dialog is painted, so the two never share a frame.
            void openDialog(button)?.then(scrollToSignup);
          }}
          onSignUpIntent={prepareDialog}
        />
        <TeaserCard
          ref={teaser}
          courseUnlocked={courseUnlocked}
          onUnlock={unlockCourse}
          onUnlockIntent={prepareDialog}
        />
        <GuidesCarousel />
        <About />
        <WhatYouLearn outline={<LandingCourseOutline />} />
        <SignupSection>
          <Questionnaire variant="full" stepHeadingRef={inlineStepHeading} onWatchTeaser={watchTeaser} />
        </SignupSection>
      </main>
      <SiteFooter />
      <SignupDialogHost ref={dialog} inlineStepHeading={inlineStepHeading} onWatchTeaser={watchTeaser} />
    </>
  );
}
