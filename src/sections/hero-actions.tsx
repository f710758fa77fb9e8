import { buttonVariants } from '@/components/ui/button';
import { ArrowDownIcon } from '@/components/ui/icons';
import { COURSE_PATH, courseLinks } from '@/content/course';
import { heroCopy } from '@/content/hero';
import { pendingLook, useEarlyIntent } from '@/lib/use-early-intent';

/**
 * The hero's two ways to the sign-up. `onSignUpIntent` hears a press or focus on the sign-up button, before its
 * click. The sign-up button is a link to the form, so it works before the app runs and without script; once the
 * app runs it opens the dialog instead. A tap on it before hydration is carried out once hydrated.
 */
export function HeroActions({
  courseUnlocked = false,
  onSignUp,
  onSignUpIntent,
}: {
  /** A learner signed in on this device: the sign-up button becomes "Continue the course". */
  courseUnlocked?: boolean;
  onSignUp: (opener: HTMLElement) => void;
  onSignUpIntent?: () => void;
}) {
  useEarlyIntent('sign-up', onSignUp);
  return (
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
  );
}
