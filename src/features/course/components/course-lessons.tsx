import { type ReactNode, useEffect, useRef, useState } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { courseCopy } from '@/content/course-page';
import { type CourseOutline, lessonLength } from '@/shared/course-outline/outline';
import type { CourseContentBackend, CourseRecord, LearnerRecordBackend } from '../model/course-backend';
import { type Lesson, lessonSearch, lessonSlugIn } from '../model/lesson';
import {
  type LessonProgress,
  type ProgressByLesson,
  endOffer,
  firstUnwatched,
  isCourseFinished,
  laterProgress,
  lessonState,
  progressKey,
  resumePosition,
} from '../model/progress';
import { type ProgressSaver, createProgressSaver } from '../progress-saver';
import { adoptPreviewPositions } from '../preview-adoption';
import type { RecordPosition } from '../use-playback-progress';
import { CourseCertificate } from '../certificate/course-certificate';
import { CourseComplete } from './course-complete';
import { CourseCover } from './course-cover';
import { CourseLayout } from './course-layout';
import { CourseOutlineList } from './course-outline-list';
import { LessonList } from './lesson-list';
import { LessonPlayer } from './lesson-player';

const copy = courseCopy.lessons;

/** What /course opens at without a lesson in its address: where the learner stopped, or the finished course. */
type Opening =
  { kind: 'continue'; lesson: Lesson; fromSeconds: number; isFirstVisit: boolean } | { kind: 'complete' };

function openingFor(
  lessons: readonly Lesson[],
  progress: ProgressByLesson,
  record: CourseRecord,
): Opening | undefined {
  // A finish stays: lessons published after it wait on the completion view as new.
  if (record.finishedAt !== null || isCourseFinished(lessons, progress)) return { kind: 'complete' };
  const lesson = firstUnwatched(lessons, progress);
  if (!lesson) return undefined;
  return {
    kind: 'continue',
    lesson,
    fromSeconds: resumePosition(progress.get(progressKey(lesson.id))),
    isFirstVisit: progress.size === 0,
  };
}

/**
 * Beside the player: the lessons, then the plan and the learner's choices. On a phone, where this stands under
 * the player, the choices come first: a screen down, not three. The same shape while loading and after, so the
 * choices keep their state. The choices read answers of their own, so they come once the lessons have been read
 * (or could not be): on a browser's six connections to a server, the first play's reads go first.
 */
function AsideWithChoices({
  list,
  planLink,
  choices,
}: {
  list: ReactNode;
  planLink: ReactNode;
  choices: ReactNode;
}) {
  return (
    <div className="flex flex-col">
      {list}
      <div className="max-lg:order-first max-lg:mb-6">
        {planLink}
        {choices}
      </div>
    </div>
  );
}

type LessonsState =
  | { status: 'loading' }
  | {
      status: 'ready';
      lessons: Lesson[];
      saver: ProgressSaver;
      record: CourseRecord;
      opening: Opening | undefined;
    }
  | { status: 'failed' };

/**
 * What a signed-in visitor sees: the player for the lesson in the address (`?lesson=<slug>`, so back, forward
 * and reload keep it) beside the list, with the learner's progress read from the database and saved as they
 * watch. Without a lesson in the address it opens where they stopped, on any device: the first lesson not yet
 * watched, at its saved position; once every lesson is watched, the completion view.
 */
export function CourseLessons({
  backend,
  outline,
  picked,
  planLink,
  choices,
  below,
  feedback,
  showLessonOnOpen = false,
}: {
  backend: Pick<CourseContentBackend, 'listLessons' | 'signLessonMedia'> &
    Pick<LearnerRecordBackend, 'loadProgress' | 'loadCourseRecord' | 'saveProgress'>;
  outline: CourseOutline;
  /** The lessons the visitor's answers pick, marked "For you" in the list. */
  picked: ReadonlySet<string>;
  /** Under the list: the way to the plan. */
  planLink: ReactNode;
  /** Under it: her e-mail choices and the keeping of her answers. */
  choices: ReactNode;
  /** Under the player: the course tailored by the answers. */
  below: ReactNode;
  feedback: (learnerId: string) => ReactNode;
  /** Signed in by a form further down the page: once loaded, the lesson (or completion) takes the screen's top. */
  showLessonOnOpen?: boolean;
}) {
  const [state, setState] = useState<LessonsState>({ status: 'loading' });
  const [loads, setLoads] = useState(0);
  const [learnerId, setLearnerId] = useState('');
  const [progress, setProgress] = useState<ProgressByLesson>(new Map());
  // The newest progress at once, for two reports that arrive before the next render.
  const latestProgress = useRef<ProgressByLesson>(progress);
  // Rendered only after sign-in, in the browser, so the address is there to read.
  const [slug, setSlug] = useState(() => lessonSlugIn(window.location.search));
  const [focusRequests, setFocusRequests] = useState(0);
  const playerHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    let saver: ProgressSaver | undefined;
    const record = backend.loadCourseRecord().catch((error: unknown) => {
      // The lessons play without it: the certificate then asks for her name and is dated today.
      console.error('Course: your course record could not be read.', error);
      return { name: '', finishedAt: null };
    });
    Promise.all([backend.listLessons(), backend.loadProgress(), record]).then(
      ([lessons, learner, record]) => {
        if (!current) return;
        saver = createProgressSaver({ backend, learnerId: learner.learnerId, saved: learner.progress });
        for (const [key, progress] of adoptPreviewPositions(lessons, learner.progress))
          saver.record(key, progress);
        latestProgress.current = new Map([...learner.progress, ...saver.unsent()]);
        setProgress(latestProgress.current);
        setLearnerId(learner.learnerId);
        setState({
          status: 'ready',
          lessons,
          saver,
          record,
          opening: openingFor(lessons, latestProgress.current, record),
        });
        if (showLessonOnOpen) {
          window.scrollTo({ top: 0 });
          setFocusRequests((count) => count + 1);
        }
      },
      (error: unknown) => {
        console.error('Course: the lessons could not be loaded.', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
      saver?.stop();
    };
  }, [backend, loads, showLessonOnOpen]);

  useEffect(() => {
    const followAddress = () => setSlug(lessonSlugIn(window.location.search));
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, []);

  // A chosen lesson's title (or the completion's heading) takes the focus, so keyboard and screen-reader users
  // land on what they picked.
  useEffect(() => {
    if (focusRequests > 0) playerHeading.current?.focus();
  }, [focusRequests]);

  if (state.status !== 'ready') {
    return (
      <CourseLayout
        cover={
          <CourseCover outline={outline}>
            {state.status === 'loading' ? (
              <p className="text-lg text-on-night-soft">{copy.loading}</p>
            ) : (
              <RetryNotice
                message={copy.failed}
                onRetry={() => {
                  setState({ status: 'loading' });
                  setLoads((count) => count + 1);
                }}
              />
            )}
          </CourseCover>
        }
        aside={
          <AsideWithChoices
            planLink={planLink}
            choices={(state.status === 'failed' || loads > 0) && choices}
            list={<CourseOutlineList outline={outline} picked={picked} />}
          />
        }
        below={below}
      />
    );
  }

  const { lessons, saver, record: courseRecord, opening } = state;
  if (!opening) return <p className="mt-8 text-lg text-ink-soft">{copy.empty}</p>;
  const chosen = lessons.find((lesson) => lesson.slug === slug);
  const lesson = chosen ?? (opening.kind === 'continue' ? opening.lesson : undefined);

  function choose(picked: Lesson) {
    if (picked.slug !== slug) window.history.pushState(null, '', lessonSearch(picked.slug));
    setSlug(picked.slug);
    setFocusRequests((count) => count + 1);
  }

  function showComplete() {
    window.history.pushState(null, '', window.location.pathname);
    setSlug(null);
    setState({ status: 'ready', lessons, saver, record: courseRecord, opening: { kind: 'complete' } });
    setFocusRequests((count) => count + 1);
  }

  // The course finished by this lesson's end, not by one rewatched: the celebration comes at once.
  function onLessonEnded() {
    if (opening?.kind !== 'complete' && isCourseFinished(lessons, latestProgress.current)) showComplete();
  }

  const list = (
    <AsideWithChoices
      planLink={planLink}
      choices={choices}
      list={
        <LessonList
          lessons={lessons}
          progress={progress}
          currentSlug={lesson?.slug}
          picked={picked}
          onChoose={choose}
        />
      }
    />
  );
  if (!lesson) {
    return (
      <CourseLayout
        cover={
          <CourseComplete
            total={lessons.length}
            headingRef={playerHeading}
            newLessons={lessons.filter(
              (listed) => lessonState(progress.get(progressKey(listed.id))) !== 'watched',
            )}
            onChoose={choose}
            certificate={
              <CourseCertificate
                name={courseRecord.name}
                finishedAt={courseRecord.finishedAt ?? new Date().toISOString()}
              />
            }
            feedback={feedback(learnerId)}
          />
        }
        aside={list}
        below={below}
      />
    );
  }
  const index = lessons.indexOf(lesson);
  const key = progressKey(lesson.id);
  const record: RecordPosition = (positionSeconds, watched, options) => {
    const recordedAt = new Date().toISOString();
    const reported: LessonProgress = {
      positionSeconds,
      completedAt: watched ? recordedAt : null,
      recordedAt,
    };
    const next = laterProgress(latestProgress.current.get(key), reported);
    latestProgress.current = new Map(latestProgress.current).set(key, next);
    setProgress(latestProgress.current);
    saver.record(key, next, options);
  };

  const continuing = !chosen && opening.kind === 'continue' && !opening.isFirstVisit;
  return (
    <CourseLayout
      cover={
        <LessonPlayer
          key={lesson.slug}
          backend={backend}
          lesson={lesson}
          position={index + 1}
          total={lessons.length}
          eyebrow={
            continuing
              ? courseCopy.player.continueAt(
                  index + 1,
                  opening.fromSeconds > 0 ? lessonLength(opening.fromSeconds).clock : null,
                )
              : undefined
          }
          headingRef={playerHeading}
          progress={progress.get(key)}
          record={record}
          endOffer={endOffer(lessons, progress, lesson)}
          onChoose={choose}
          onEnded={onLessonEnded}
          onShowComplete={showComplete}
        />
      }
      aside={list}
      below={below}
    />
  );
}
