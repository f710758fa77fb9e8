import { type RefObject, useEffect, useId } from 'react';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { courseCopy } from '@/content/course-page';
import type { SignInBackend } from '@/shared/sign-in/sign-in-backend';
import type { SignedOutReason } from '@/shared/sign-in/sign-in-state';
import { SignInForm } from '@/shared/sign-in/sign-in-form';

/** The sign-in form's anchor: the "Sign in" links of /course and the preview lead here. */
export const SIGN_IN_ANCHOR = 'sign-in';

/**
 * No way in yet, at the top of the page: what happened, the one address field to sign in with, the free preview
 * lesson to watch meanwhile (when the owner marked one), and the way to sign up.
 */
export function SignedOutPanel({
  reason,
  backend,
  onSignedIn,
  headingRef,
  preview,
}: {
  reason: SignedOutReason;
  backend: Pick<SignInBackend, 'verifySignInCode' | 'requestNewLink'>;
  onSignedIn: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  preview?: { position: number; watch: () => void } | undefined;
}) {
  const headingId = useId();
  // After "Sign out" its button is gone; focus goes to what replaced it rather than to the top of the page.
  useEffect(() => {
    if (reason === 'signed-out') headingRef.current?.focus();
  }, [reason, headingRef]);

  return (
    <section
      id={SIGN_IN_ANCHOR}
      aria-labelledby={headingId}
      className="scroll-mt-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-10"
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-semibold tracking-tight sm:text-3xl"
      >
        {courseCopy.signedOut[reason].heading}
      </h2>
      <p className="mt-3 text-lg leading-relaxed text-ink-soft">{courseCopy.signedOut[reason].body}</p>
      <SignInForm backend={backend} onSignedIn={onSignedIn} labelledBy={headingId} />
      {(preview ?? reason === 'no-session') && (
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 border-t border-line pt-6">
          {preview && (
            <Button variant="outline" onClick={preview.watch}>
              <PlayIcon className="size-4" />
              {courseCopy.preview.watch(preview.position)}
            </Button>
          )}
          {reason === 'no-session' && (
            <p className="text-ink-soft">
              {courseCopy.notSignedUp}{' '}
              <a
                href={courseCopy.signUpHref}
                className="inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
              >
                {courseCopy.signUpLink}
              </a>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
