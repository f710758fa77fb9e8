import { type ReactNode, useCallback, useEffect, useId } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { COURSE_PATH } from '@/content/course';
import { studioCopy } from '@/content/studio';
import { useLoad } from '@/lib/use-load';
import { SignInForm } from '@/shared/sign-in/sign-in-form';
import { SignOutButton } from '@/shared/sign-in/sign-out-button';
import type { StudioAccess, StudioVisitor } from './studio-access';
import { StudioSections } from './studio-sections';
import { type StudioLink, useStudioLink } from './use-studio-link';

type Shown = { status: 'checking' } | StudioVisitor;

/**
 * /studio's frame: the owner signs in with the link or the code of their sign-in e-mail, the database says whether
 * they are an owner, and only an owner gets the sections; anyone else a plain page saying whom it is for.
 */
export function StudioPage({ access }: { access: StudioAccess }) {
  const visitor = useLoad(useCallback(() => access.whoIsHere(), [access]));
  const { link, spend, dismiss } = useStudioLink(access, visitor.retry);
  const signedIn = visitor.state.status === 'ready' && visitor.state.value.status === 'signed-in';
  // Signed in already in this browser: the e-mail's link stays unspent, and leaves the address bar.
  useEffect(() => {
    if (signedIn) dismiss();
  }, [signedIn, dismiss]);
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
          <StudioBody
            shown={shown}
            link={link}
            onSpendLink={spend}
            access={access}
            onChanged={visitor.retry}
          />
        </div>
      </main>
    </>
  );
}

function StudioBody({
  shown,
  link,
  onSpendLink,
  access,
  onChanged,
}: {
  shown: Shown;
  link: StudioLink;
  onSpendLink: () => void;
  access: StudioAccess;
  onChanged: () => void;
}) {
  if (shown.status === 'checking' || link.status === 'verifying') {
    return (
      <p role="status" className="mt-6 text-ink-soft">
        {studioCopy.checking}
      </p>
    );
  }
  if (shown.status === 'unreachable')
    return <StudioRetry message={studioCopy.unreachable} onRetry={onChanged} />;
  if (shown.status === 'signed-out') {
    if (link.status === 'ready') return <StudioLinkReady onContinue={onSpendLink} />;
    if (link.status === 'unreachable') {
      return <StudioRetry message={studioCopy.linkUnreachable} onRetry={onSpendLink} />;
    }
    return <StudioSignIn access={access} onSignedIn={onChanged} linkRefused={link.status === 'refused'} />;
  }
  if (!shown.owner) return <NotForLearners email={shown.email} />;
  return <StudioSections />;
}

function StudioRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <RetryNotice
      message={message}
      retryLabel={studioCopy.tryAgain}
      tone="danger"
      onRetry={onRetry}
      className="mt-6"
    />
  );
}

/** A card with a heading, for the ways in; `children` gets the heading's id to name a form by. */
function StudioCard({ heading, children }: { heading: string; children: (headingId: string) => ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 max-w-xl rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-10"
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight">
        {heading}
      </h2>
      {children(headingId)}
    </section>
  );
}

/** The owner's sign-in e-mail opened here: one tap spends its link. */
function StudioLinkReady({ onContinue }: { onContinue: () => void }) {
  return (
    <StudioCard heading={studioCopy.linkReady.heading}>
      {() => (
        <>
          <p className="mt-3 leading-relaxed text-ink-soft">{studioCopy.linkReady.body}</p>
          <Button size="lg" className="mt-6" onClick={onContinue}>
            {studioCopy.linkReady.button}
          </Button>
        </>
      )}
    </StudioCard>
  );
}

function StudioSignIn({
  access,
  onSignedIn,
  linkRefused,
}: {
  access: StudioAccess;
  onSignedIn: () => void;
  linkRefused: boolean;
}) {
  return (
    <StudioCard heading={studioCopy.signInHeading}>
      {(headingId) => (
        <>
          {linkRefused && (
            <p role="alert" className="mt-3 font-semibold text-red-700">
              {studioCopy.linkRefused}
            </p>
          )}
          <p className="mt-3 leading-relaxed text-ink-soft">{studioCopy.signInBody}</p>
          <SignInForm backend={access} onSignedIn={onSignedIn} labelledBy={headingId} />
        </>
      )}
    </StudioCard>
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
