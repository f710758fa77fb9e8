import { useEffect, useId, useRef } from 'react';
import { courseCopy } from '@/content/course-page';
import type { SignedOutReason } from '../enter-course';
import type { CourseBackend } from '../model/course-backend';
import { NewLinkForm } from './new-link-form';

/** No way in yet: what happened, in plain words, and the form that sends a new sign-in link. */
export function SignedOutPanel({ reason, backend }: { reason: SignedOutReason; backend: CourseBackend }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const copy = courseCopy.signedOut[reason];

  // After "Sign out" its button is gone; focus goes to what replaced it rather than to the top of the page.
  useEffect(() => {
    if (reason === 'signed-out') heading.current?.focus();
  }, [reason]);

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 max-w-2xl rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-10"
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
      <NewLinkForm backend={backend} />
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
