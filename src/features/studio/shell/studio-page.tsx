import { useEffect, useId, useState } from 'react';
import { LensDots } from '@/components/lens-dots';
import { Button, buttonVariants } from '@/components/ui/button';
import { COURSE_PATH } from '@/content/course';
import { courseCopy } from '@/content/course-page';
import { siteSettings } from '@/content/site';
import { studioCopy } from '@/content/studio';
import { CodeSignInForm } from '@/shared/sign-in/code-sign-in-form';
import { NewLinkForm } from '@/shared/sign-in/new-link-form';
import { SignOutButton } from '@/shared/sign-in/sign-out-button';
import type { StudioAccess, StudioVisitor } from './studio-access';
import { StudioSections } from './studio-sections';

type Shown = { status: 'checking' } | StudioVisitor;

/**
 * /studio's frame: the owner signs in with the course's code, the database says whether they are an owner, and
 * only an owner gets the sections; anyone else a plain page saying whom it is for.
 */
export function StudioPage({ access }: { access: StudioAccess }) {
  const [shown, setShown] = useState<Shown>({ status: 'checking' });
  useEffect(() => {
    let current = true;
    void access.whoIsHere().then((visitor) => {
      if (current) setShown(visitor);
    });
    return () => {
      current = false;
    };
  }, [access]);
  const check = async () => {
    setShown({ status: 'checking' });
    setShown(await access.whoIsHere());
  };

  return (
    <>
      <header className="bg-paper px-5 pt-6 sm:px-8 sm:pt-8">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4">
          <a
            href="/"
            className="inline-flex min-h-11 items-center gap-2.5 text-sm font-bold tracking-wide text-ink underline-offset-4 hover:underline"
          >
            <LensDots />
            {siteSettings.brandName}
          </a>
          {shown.status === 'signed-in' && (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-ink-soft">{studioCopy.signedInAs(shown.email)}</p>
              <SignOutButton backend={access} onSignedOut={() => setShown({ status: 'signed-out' })} />
            </div>
          )}
        </div>
      </header>
      <main className="min-h-[32rem] bg-paper px-5 pt-8 pb-16 sm:px-8 sm:pt-10 sm:pb-24">
        <div className="mx-auto max-w-6xl">
          <h1 className="font-display text-title font-semibold tracking-tight">{studioCopy.title}</h1>
          <StudioBody shown={shown} access={access} onChanged={() => void check()} />
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
      <div className="mt-6">
        <p role="alert" className="font-semibold text-red-700">
          {studioCopy.unreachable}
        </p>
        <Button variant="outline" className="mt-4" onClick={onChanged}>
          {studioCopy.tryAgain}
        </Button>
      </div>
    );
  }
  if (shown.status === 'signed-out') return <StudioSignIn access={access} onSignedIn={onChanged} />;
  if (!shown.owner) return <NotForLearners email={shown.email} />;
  return <StudioSections />;
}

function StudioSignIn({ access, onSignedIn }: { access: StudioAccess; onSignedIn: () => void }) {
  const headingId = useId();
  const newLinkHeadingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 max-w-xl rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-10"
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight">
        {studioCopy.signInHeading}
      </h2>
      <p className="mt-3 leading-relaxed text-ink-soft">{studioCopy.signInBody}</p>
      <CodeSignInForm backend={access} onSignedIn={onSignedIn} />
      <div className="mt-8 border-t border-line pt-6">
        <h3 id={newLinkHeadingId} className="font-display text-xl font-semibold tracking-tight">
          {courseCopy.newLinkHeading}
        </h3>
        <NewLinkForm backend={access} labelledBy={newLinkHeadingId} />
      </div>
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
