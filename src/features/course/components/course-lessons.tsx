import { useEffect, useRef, useState } from 'react';
import { courseCopy } from '@/content/course-page';
import type { CourseBackend } from '../model/course-backend';
import { type Lesson, lessonForSlug, lessonSearch, lessonSlugIn } from '../model/lesson';
import {
  type LessonProgress,
  type ProgressByLesson,
  laterProgress,
  progressKey,
  watchedCount,
} from '../model/progress';
import { type ProgressSaver, createProgressSaver } from '../progress-saver';
import type { RecordPosition } from '../use-playback-progress';
import { LessonList } from './lesson-list';
import { LessonPlayer } from './lesson-player';
import { RetryNotice } from './retry-notice';

const copy = courseCopy.lessons;

type LessonsState =
  { status: 'loading' } | { status: 'ready'; lessons: Lesson[]; saver: ProgressSaver } | { status: 'failed' };

/**
 * What a signed-in visitor sees: the player for the chosen lesson beside the list, with the learner's progress
 * read from the database with the lessons and saved as they watch. The choice lives in the address
 * (`?lesson=<slug>`), so back, forward and reload keep it; an unknown slug shows the first lesson.
 */
export function CourseLessons({ backend }: { backend: CourseBackend }) {
  const [state, setState] = useState<LessonsState>({ status: 'loading' });
  const [loads, setLoads] = useState(0);
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
    Promise.all([backend.listLessons(), backend.loadProgress()]).then(
      ([lessons, learner]) => {
        if (!current) return;
        saver = createProgressSaver({ backend, learnerId: learner.learnerId, saved: learner.progress });
        latestProgress.current = new Map([...learner.progress, ...saver.unsent()]);
        setProgress(latestProgress.current);
        setState({ status: 'ready', lessons, saver });
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
  }, [backend, loads]);

  useEffect(() => {
    const followAddress = () => setSlug(lessonSlugIn(window.location.search));
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, []);

  // A chosen lesson's title takes the focus, so keyboard and screen-reader users land on what they picked.
  useEffect(() => {
    if (focusRequests > 0) playerHeading.current?.focus();
  }, [focusRequests]);

  if (state.status === 'loading') return <p className="mt-8 text-lg text-ink-soft">{copy.loading}</p>;
  if (state.status === 'failed') {
    return (
      <RetryNotice
        message={copy.failed}
        onRetry={() => {
          setState({ status: 'loading' });
          setLoads((count) => count + 1);
        }}
        className="mt-8"
      />
    );
  }

  const { lessons, saver } = state;
  const lesson = lessonForSlug(lessons, slug);
  if (!lesson) return <p className="mt-8 text-lg text-ink-soft">{copy.empty}</p>;
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

  function choose(chosen: Lesson) {
    if (chosen.slug !== lesson?.slug) window.history.pushState(null, '', lessonSearch(chosen.slug));
    setSlug(chosen.slug);
    setFocusRequests((count) => count + 1);
  }

  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <LessonPlayer
        key={lesson.slug}
        backend={backend}
        lesson={lesson}
        position={index + 1}
        total={lessons.length}
        headingRef={playerHeading}
        progress={progress.get(key)}
        record={record}
        next={lessons[index + 1]}
        watchedCount={watchedCount(lessons, progress)}
        onChoose={choose}
      />
      <LessonList lessons={lessons} progress={progress} currentSlug={lesson.slug} onChoose={choose} />
    </div>
  );
}
