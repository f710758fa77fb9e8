import { createRef } from 'react';
import { COURSE_PATH } from '@/content/course';
import { CourseProof } from '@/features/course/landing/course-proof';
import { LandingCourseOutline } from '@/features/course/landing/landing-course-outline';
import { GuidesCarousel } from '@/features/guides/components/guides-carousel';
import { Questionnaire } from '@/features/signup/components/questionnaire';
import { hasStoredSession, useHasStoredSession } from '@/lib/stored-session';
import { Copyright } from '@/sections/copyright';
import { CourseLink } from '@/sections/course-link';
import { HeroActions } from '@/sections/hero-actions';
import { HeroHeadline } from '@/sections/hero-headline';
import { HeroProof } from '@/sections/hero-proof';
import { TeaserCard, type TeaserHandle } from '@/sections/teaser-card';
import type { Islands } from '../islands/island';
import { islandHandle } from '../islands/island-handle';
import { type SignupDialogHandle, SignupDialogHost } from './signup-dialog-host';

// What the islands share: each is a root of its own, so they meet here, in the module they all come from.
const [attachSignupDialog, withSignupDialog] = islandHandle<SignupDialogHandle>();
const [attachTeaser, withTeaser] = islandHandle<TeaserHandle>();
/** Read when the dialog closes, long after the inline questionnaire has hydrated. */
const inlineStepHeading = createRef<HTMLHeadingElement>();

function scrollToSignup() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('signup')?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
}

const prepareDialog = () => withSignupDialog((dialog) => dialog.prepare());
// The locked button is also tapped by signed-in visitors: before hydration, or before their session was read.
const unlockCourse = (opener: HTMLElement) => {
  void hasStoredSession().then((signedIn) => {
    if (signedIn) window.location.assign(COURSE_PATH);
    else withSignupDialog((dialog) => void dialog.open(opener));
  });
};
// Called from a click, so the teaser may start with sound; the dialog closes first if it is open.
const watchTeaser = () => {
  withSignupDialog((dialog) => dialog.leave());
  withTeaser((player) => player.play());
};

function HeaderCourseLink() {
  return <CourseLink tone="night" />;
}

function ProofLine() {
  return (
    <HeroProof>
      <CourseProof />
    </HeroProof>
  );
}

function SignUpActions() {
  return (
    <HeroActions
      courseUnlocked={useHasStoredSession()}
      // The scroll behind the dialog starts once the dialog is painted, so the two never share a frame.
      onSignUp={(button) => withSignupDialog((dialog) => void dialog.open(button).then(scrollToSignup))}
      onSignUpIntent={prepareDialog}
    />
  );
}

function Teaser() {
  return (
    <TeaserCard
      ref={attachTeaser}
      courseUnlocked={useHasStoredSession()}
      onUnlock={unlockCourse}
      onUnlockIntent={prepareDialog}
    />
  );
}

function InlineQuestionnaire() {
  return <Questionnaire variant="full" stepHeadingRef={inlineStepHeading} onWatchTeaser={watchTeaser} />;
}

function SignupDialog() {
  return (
    <SignupDialogHost
      ref={attachSignupDialog}
      inlineStepHeading={inlineStepHeading}
      onWatchTeaser={watchTeaser}
    />
  );
}

/**
 * The landing page's islands (see routes/home.tsx): only these hydrate. The sign-up dialog belongs to the page;
 * the hero's button, the teaser and the inline questionnaire reach it, and the teaser, through the handles above.
 */
export const homeIslands = {
  'course-link': HeaderCourseLink,
  headline: HeroHeadline,
  proof: ProofLine,
  'hero-actions': SignUpActions,
  teaser: Teaser,
  guides: GuidesCarousel,
  outline: LandingCourseOutline,
  questionnaire: InlineQuestionnaire,
  copyright: Copyright,
  'signup-dialog': SignupDialog,
} satisfies Islands;
