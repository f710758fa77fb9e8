import type * as React from 'react';
import { signupShellCopy } from '@/content/signup-shell';

/** The inline sign-up: its anchor (#signup) and heading; the questionnaire arrives as children. */
export function SignupSection({ children }: { children?: React.ReactNode }) {
  return (
    <section
      id="signup"
      aria-labelledby="signup-title"
      className="below-the-fold relative isolate overflow-hidden bg-night px-5 py-16 text-on-night sm:px-8 sm:py-24"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_0%,#2d2670_0,transparent_50%),radial-gradient(circle_at_0%_100%,#0f4f4a_0,transparent_45%)]"
      />
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="signup-title" className="font-display text-title font-semibold tracking-tight">
          {signupShellCopy.sectionTitle}
        </h2>
        <p className="mt-4 text-lg text-on-night-soft">{signupShellCopy.sectionIntro}</p>
      </div>
      {children && (
        <div className="mx-auto mt-10 max-w-2xl rounded-card bg-surface p-6 text-ink shadow-2xl sm:p-10">
          {children}
        </div>
      )}
    </section>
  );
}
