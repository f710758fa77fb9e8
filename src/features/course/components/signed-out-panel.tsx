import { type RefObject, useEffect, useId } from 'react';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { courseCopy } from '@/content/course-page';
import { CodeSignInForm } from '@/shared/sign-in/code-sign-in-form';
import { NewLinkForm } from '@/shared/sign-in/new-link-form';
import type { SignInBackend } from '@/shared/sign-in/sign-in-backend';
import type { SignedOutReason } from '@/shared/sign-in/sign-in-state';

/** The sign-in form's anchor: the "Sign in" links of every page lead here. */
export const SIGN_IN_ANCHOR = 'sign-in';

/**
 * No way in yet, said in the player's place: what happened, the free preview lesson to watch meanwhile (when
 * the owner marked one), and on phones, where the lessons stand between, the way down to the forms.
 */
export function SignedOutCover({
  reason,
  headingId,
  headingRef,
  preview,
}: {
  reason: SignedOutReason;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  preview?: { position: number; watch: () => void } | undefined;
}) {
  // After "Sign out" its button is gone; focus goes to what replaced it rather than to the top of the page.
  useEffect(() => {
    if (reason === 'signed-out') headingRef.current?.focus();
  }, [reason, headingRef]);

  return (
    <>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-xl font-semibold tracking-tight sm:text-3xl"
      >
        {courseCopy.signedOut[reason].heading}
      </h2>
      {preview && (
        <Button variant="accent" className="mt-5" onClick={preview.watch}>
          <PlayIcon className="size-4" />
          {courseCopy.preview.watch(preview.position)}
        </Button>
      )}
      <a
        href={`#${SIGN_IN_ANCHOR}`}
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-on-night underline underline-offset-4 lg:hidden"
      >
        {courseCopy.signInBelow}
      </a>
    </>
  );
}

/**
 * The two ways in, under what happened: the code from a sign-in e-mail, on any device, and a new link.
 */
export function SignedOutPanel({
  reason,
  backend,
  onSignedIn,
  labelledBy,
}: {
  reason: SignedOutReason;
  backend: Pick<SignInBackend, 'verifySignInCode' | 'requestNewLink'>;
  onSignedIn: () => void;
  /** The heading in the player's place, which names this panel too. */
  labelledBy: string;
}) {
  const newLinkHeadingId = useId();
  return (
    <section
      id={SIGN_IN_ANCHOR}
      aria-labelledby={labelledBy}
      className="scroll-mt-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-10"
    >
      <p className="text-lg leading-relaxed text-ink-soft">{courseCopy.signedOut[reason].body}</p>
      <CodeSignInForm backend={backend} onSignedIn={onSignedIn} />
      <div className="mt-8 border-t border-line pt-6">
        <h3 id={newLinkHeadingId} className="font-display text-xl font-semibold tracking-tight">
          {courseCopy.newLinkHeading}
        </h3>
        <NewLinkForm backend={backend} labelledBy={newLinkHeadingId} />
      </div>
      {reason === 'no-session' && (
        <p className="mt-8 border-t border-line pt-6 text-ink-soft">
          {courseCopy.notSignedUp}{' '}
          <a
            href={courseCopy.signUpHref}
            className="inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
          >
            {courseCopy.signUpLink}
          </a>
        </p>
      )}
    </section>
  );
}
