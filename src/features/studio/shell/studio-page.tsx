import { useCallback, useId } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { buttonVariants } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { COURSE_PATH } from '@/content/course';
import { studioCopy } from '@/content/studio';
import { useLoad } from '@/lib/use-load';
import { SignInForm } from '@/shared/sign-in/sign-in-form';
import { SignOutButton } from '@/shared/sign-in/sign-out-button';
import type { StudioAccess, StudioVisitor } from './studio-access';
import { StudioSections } from './studio-sections';

type Shown = { status: 'checking' } | StudioVisitor;

/**
 * /studio's frame: the owner signs in with the course's code, the database says whether they are an owner, and
 * only an owner gets the sections; anyone else a plain page saying whom it is for.
 */
export function StudioPage({ access }: { access: StudioAccess }) {
  const visitor = useLoad(useCallback(() => access.whoIsHere(), [access]));
  const shown: Shown =
    visitor.state.status === 'ready'
      ? visitor.state.value
      : visitor.state.status === 'failed'
        ? { status: 'unreachable' }
        : { status: 'checking' };

  return (
    <>
      <PageHeader width="max-w-6xl">
        {shown.status === 'signed-in' && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-ink-soft">{studioCopy.signedInAs(shown.email)}</p>
            <SignOutButton backend={access} onSignedOut={() => visitor.set({ status: 'signed-out' })} />
          </div>
        )}
      </PageHeader>
      <main className="min-h-[32rem] bg-paper px-5 pt-8 pb-16 sm:px-8 sm:pt-10 sm:pb-24">
        <div className="mx-auto max-w-6xl">
          <h1 className="font-display text-title font-semibold tracking-tight">{studioCopy.title}</h1>
          <StudioBody shown={shown} access={access} onChanged={visitor.retry} />
        </div>
      </main>
    </>
  );
}

function StudioBody({
  shown,
  access,
  onChanged,
}: {
  shown: Shown;
  access: StudioAccess;
  onChanged: () => void;
}) {
  if (shown.status === 'checking') {
    return (
      <p role="status" className="mt-6 text-ink-soft">
        {studioCopy.checking}
      </p>
    );
  }
  if (shown.status === 'unreachable') {
    return (
      <RetryNotice
        message={studioCopy.unreachable}
        retryLabel={studioCopy.tryAgain}
        tone="danger"
        onRetry={onChanged}
        className="mt-6"
      />
    );
  }
  if (shown.status === 'signed-out') return <StudioSignIn access={access} onSignedIn={onChanged} />;
  if (!shown.owner) return <NotForLearners email={shown.email} />;
  return <StudioSections />;
}

function StudioSignIn({ access, onSignedIn }: { access: StudioAccess; onSignedIn: () => void }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 max-w-xl rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-10"
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight">
        {studioCopy.signInHeading}
      </h2>
      <p className="mt-3 leading-relaxed text-ink-soft">{studioCopy.signInBody}</p>
      <SignInForm backend={access} onSignedIn={onSignedIn} labelledBy={headingId} />
    </section>
  );
}

function NotForLearners({ email }: { email: string }) {
  return (
    <section className="mt-8 max-w-xl">
      <h2 className="font-display text-2xl font-semibold tracking-tight">{studioCopy.notOwnerHeading}</h2>
      <p className="mt-3 leading-relaxed text-ink-soft">{studioCopy.notOwnerBody(email)}</p>
      <a href={COURSE_PATH} className={buttonVariants({ className: 'mt-6' })}>
        {studioCopy.toCourse}
      </a>
    </section>
  );
}
