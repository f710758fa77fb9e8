import { type ReactNode, useRef, useState } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { PageHeader } from '@/components/ui/page-header';
import { courseCopy } from '@/content/course-page';
import { PreviewVideo } from '@/shared/player/preview-video';
import { useQuestionnaireState } from '@/shared/questionnaire/questionnaire-store';
import type { SignInState } from '@/shared/sign-in/sign-in-state';
import { SignOutButton } from '@/shared/sign-in/sign-out-button';
import { useSignInState } from '@/shared/sign-in/use-sign-in-state';
import type { CourseBackend } from '../model/course-backend';
import { useFirstPlayWarmup } from '../first-play-warmup';
import { useCourseOutline } from '../use-course-outline';
import { PlanLink } from './plan-link';
import { tailorCourse } from '../model/tailoring';
import { CourseCover } from './course-cover';
import { CourseFeedback } from './course-feedback';
import { CourseLayout } from './course-layout';
import { CourseLessons } from './course-lessons';
import { CourseOutlineList } from './course-outline-list';
import { CourseTailoring } from './course-tailoring';
import { ConsentCheckbox } from './consent-checkbox';
import { KeepAnswersConsent } from './keep-answers-consent';
import { LinkReadyPanel } from './link-ready-panel';
import { SIGN_IN_ANCHOR, SignedOutPanel } from './signed-out-panel';

/** The words of the page's live region: said while the page finds out who is visiting, empty after. */
function statusText(access: SignInState) {
  if (access.status === 'checking') return courseCopy.checking;
  if (access.status === 'verifying') return courseCopy.verifying;
  return '';
}

function unreachableMessage(access: Extract<SignInState, { status: 'unreachable' }>) {
  if (access.rateLimited) return courseCopy.unreachable.rateLimited;
  return access.retry.kind === 'link' ? courseCopy.unreachable.verify : courseCopy.unreachable.session;
}

/**
 * /course: the brand and "Sign out" (or "Sign in") on top, then the course. Before any answer about who is
 * visiting, and for anyone not signed in, the public outline stands beside what to do: tap to spend the
 * e-mail's link, or sign in with a code or a new link, or watch a free preview lesson in the player's place.
 * A signed-in learner gets the lessons and their progress. Both see the course tailored by the answers kept
 * on this device. The prerendered page shows the "checking" state in the same layout.
 */
export function CoursePage({ backend }: { backend: CourseBackend }) {
  const { access, retry, continueWithLink, showSignedIn, showSignedOut } = useSignInState(backend);
  const { outline, reload: readOutlineAgain } = useCourseOutline(backend);
  const [cameWithLink, setCameWithLink] = useState(false);
  if (access.status === 'link-ready' && !cameWithLink) setCameWithLink(true);
  useFirstPlayWarmup(
    outline,
    { cameWithLink, signedIn: access.status === 'signed-in' },
    backend.signOutlineFiles,
  );
  const { answers } = useQuestionnaireState();
  const tailoring = tailorCourse(outline.lessons, answers);
  const signedOutHeading = useRef<HTMLHeadingElement>(null);
  /** Signed in by the form on this page: the lesson to continue then takes the top of the screen. */
  const [signedInHere, setSignedInHere] = useState(false);
  /**
   * The free preview she chose: the first one (the sign-in panel's button), or a lesson of the list by its slug.
   * The prerendered outline already knows which lessons are free, so their buttons are there from the first
   * paint; a preview plays once an outline names its files (the page's, else the live one).
   */
  const [previewChoice, setPreviewChoice] = useState<'first' | { slug: string } | null>(null);
  const firstPreview = outline.lessons.find((lesson) => lesson.isPreview);
  const previewing =
    previewChoice === 'first'
      ? (firstPreview ?? null)
      : (outline.lessons.find((lesson) => lesson.slug === previewChoice?.slug) ?? null);
  const canPreview = access.status === 'signed-out';

  const planLink: ReactNode = <PlanLink className="mt-4" />;
  const shownPreview = canPreview ? previewing : null;
  const signedOutPanel: ReactNode = access.status === 'signed-out' && (
    <SignedOutPanel
      reason={access.reason}
      backend={backend}
      onSignedIn={() => {
        setSignedInHere(true);
        showSignedIn();
      }}
      headingRef={signedOutHeading}
      preview={
        firstPreview && {
          position: outline.lessons.indexOf(firstPreview) + 1,
          watch: () => setPreviewChoice('first'),
        }
      }
    />
  );
  const tailoringPanel: ReactNode = <CourseTailoring tailoring={tailoring} />;

  return (
    <>
      <PageHeader width="max-w-6xl">
        {access.status === 'signed-in' && <SignOutButton backend={backend} onSignedOut={showSignedOut} />}
        {access.status === 'signed-out' && (
          <a
            href={`#${SIGN_IN_ANCHOR}`}
            className="inline-flex min-h-11 items-center font-semibold text-ink underline underline-offset-4"
          >
            {courseCopy.signIn}
          </a>
        )}
      </PageHeader>
      <main className="bg-paper px-5 pt-8 pb-16 sm:px-8 sm:pt-10 sm:pb-24">
        <div className="mx-auto max-w-6xl">
          <h1 className="font-display text-title font-semibold tracking-tight">{courseCopy.title}</h1>
          {/* Room for the answer while the page finds out, so the footer does not jump when it comes. */}
          <div className="min-h-dvh">
            {access.status === 'signed-in' ? (
              <CourseLessons
                backend={backend}
                showLessonOnOpen={signedInHere}
                outline={outline}
                picked={tailoring.picked}
                planLink={planLink}
                choices={
                  <>
                    <ConsentCheckbox
                      copy={courseCopy.reminders}
                      load={backend.loadReminderConsent}
                      save={backend.saveReminderConsent}
                    />
                    <ConsentCheckbox
                      copy={courseCopy.announcements}
                      load={backend.loadAnnouncementConsent}
                      save={backend.saveAnnouncementConsent}
                    />
                    <KeepAnswersConsent backend={backend} />
                  </>
                }
                below={tailoringPanel}
                feedback={(learnerId) => (
                  <CourseFeedback
                    load={backend.loadFeedback}
                    send={backend.sendFeedback}
                    learnerId={learnerId}
                  />
                )}
              />
            ) : (
              <CourseLayout
                cover={
                  <>
                    {shownPreview?.preview && (
                      <PreviewVideo
                        key={shownPreview.slug}
                        lesson={shownPreview}
                        preview={shownPreview.preview}
                        eyebrow={courseCopy.preview.eyebrow(
                          outline.lessons.indexOf(shownPreview) + 1,
                          outline.lessons.length,
                        )}
                        sign={backend.signOutlineFiles}
                        onRefused={readOutlineAgain}
                        after={
                          <p className="mt-4 text-ink-soft">
                            {courseCopy.preview.afterwards}{' '}
                            <a
                              href={`#${SIGN_IN_ANCHOR}`}
                              className="font-semibold text-link underline underline-offset-4"
                            >
                              {courseCopy.signIn}
                            </a>
                          </p>
                        }
                      />
                    )}
                    {/* In one place with or without the preview above it, so what she typed stays. */}
                    {access.status === 'signed-out' ? (
                      <div className={shownPreview ? 'mt-8' : undefined}>{signedOutPanel}</div>
                    ) : (
                      <CourseCover outline={outline}>
                        <p
                          role="status"
                          aria-live="polite"
                          className="text-lg text-on-night-soft empty:hidden"
                        >
                          {statusText(access)}
                        </p>
                        {access.status === 'link-ready' && <LinkReadyPanel onContinue={continueWithLink} />}
                        {access.status === 'unreachable' && (
                          <RetryNotice message={unreachableMessage(access)} onRetry={retry} />
                        )}
                      </CourseCover>
                    )}
                  </>
                }
                aside={
                  <>
                    <CourseOutlineList
                      outline={outline}
                      picked={tailoring.picked}
                      onWatchPreview={canPreview ? ({ slug }) => setPreviewChoice({ slug }) : undefined}
                    />
                    {planLink}
                  </>
                }
                below={access.status === 'signed-out' && tailoringPanel}
                asideWaits={access.status === 'checking'}
              />
            )}
          </div>
        </div>
      </main>
    </>
  );
}
