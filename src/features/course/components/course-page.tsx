import { LensDots } from '@/components/lens-dots';
import { courseCopy } from '@/content/course-page';
import { siteSettings } from '@/content/site';
import type { CourseAccess } from '../enter-course';
import type { CourseBackend } from '../model/course-backend';
import { useCourseAccess } from '../use-course-access';
import { CourseLessons } from './course-lessons';
import { RetryNotice } from './retry-notice';
import { SignOutButton } from './sign-out-button';
import { SignedOutPanel } from './signed-out-panel';

/** The words of the page's live region: said while the page finds out who is visiting, empty after. */
function statusText(access: CourseAccess) {
  if (access.status === 'checking') return courseCopy.checking;
  if (access.status === 'verifying') return courseCopy.verifying;
  return '';
}

function unreachableMessage(access: Extract<CourseAccess, { status: 'unreachable' }>) {
  if (access.rateLimited) return courseCopy.unreachable.rateLimited;
  return access.retry.kind === 'link' ? courseCopy.unreachable.verify : courseCopy.unreachable.session;
}

/**
 * /course: the brand and "Sign out" on top, then the lessons for a signed-in visitor, or what happened and a
 * form for a new sign-in link for anyone else. The prerendered page shows the "checking" state.
 */
export function CoursePage({ backend }: { backend: CourseBackend }) {
  const { access, retry, showSignedOut } = useCourseAccess(backend);

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
          {access.status === 'signed-in' && <SignOutButton backend={backend} onSignedOut={showSignedOut} />}
        </div>
      </header>
      <main className="bg-paper px-5 pt-8 pb-16 sm:px-8 sm:pt-10 sm:pb-24">
        <div className="mx-auto max-w-6xl">
          <h1 className="font-display text-title font-semibold tracking-tight">{courseCopy.title}</h1>
          {/* Room for the answer while the page finds out, so the footer does not jump when it comes. */}
          <div className="min-h-[32rem]">
            <p role="status" aria-live="polite" className="mt-4 text-lg text-ink-soft empty:mt-0">
              {statusText(access)}
            </p>
            {access.status === 'signed-in' && <CourseLessons backend={backend} />}
            {access.status === 'signed-out' && <SignedOutPanel reason={access.reason} backend={backend} />}
            {access.status === 'unreachable' && (
              <RetryNotice message={unreachableMessage(access)} onRetry={retry} className="mt-8" />
            )}
          </div>
        </div>
      </main>
    </>
  );
}
