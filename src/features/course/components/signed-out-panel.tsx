import { useEffect, useId, useRef } from 'react';
import { courseCopy } from '@/content/course-page';
import type { SignedOutReason } from '../enter-course';
import type { CourseBackend } from '../model/course-backend';
import { CodeSignInForm } from './code-sign-in-form';
import { NewLinkForm } from './new-link-form';

/** The sign-in form's anchor: the "Sign in" links of every page lead here. */
export const SIGN_IN_ANCHOR = 'sign-in';

/**
 * No way in yet: what happened, in plain words, then the two ways in: the code from a sign-in e-mail, on any
 * device, and a new link.
 */
export function SignedOutPanel({
  reason,
  backend,
  onSignedIn,
}: {
  reason: SignedOutReason;
  backend: CourseBackend;
  onSignedIn: () => void;
}) {
  const headingId = useId();
  const newLinkHeadingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const copy = courseCopy.signedOut[reason];

  // After "Sign out" its button is gone; focus goes to what replaced it rather than to the top of the page.
  useEffect(() => {
    if (reason === 'signed-out') heading.current?.focus();
  }, [reason]);

  return (
    <section
      id={SIGN_IN_ANCHOR}
      aria-labelledby={headingId}
      className="scroll-mt-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-10"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-semibold tracking-tight"
      >
        {copy.heading}
      </h2>
      <p className="mt-3 text-lg leading-relaxed text-ink-soft">{copy.body}</p>
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
