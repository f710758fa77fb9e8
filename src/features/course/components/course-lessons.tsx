import { useEffect, useRef, useState } from 'react';
import { courseCopy } from '@/content/course-page';
import type { CourseBackend } from '../model/course-backend';
import { type Lesson, lessonForSlug, lessonSearch, lessonSlugIn } from '../model/lesson';
import { LessonList } from './lesson-list';
import { LessonPlayer } from './lesson-player';
import { RetryNotice } from './retry-notice';

const copy = courseCopy.lessons;

type LessonsState = { status: 'loading' } | { status: 'ready'; lessons: Lesson[] } | { status: 'failed' };

/**
 * What a signed-in visitor sees: the player for the chosen lesson beside the list. The choice lives in the
 * address (`?lesson=<slug>`), so back, forward and reload keep it; an unknown slug shows the first lesson.
 */
export function CourseLessons({ backend }: { backend: CourseBackend }) {
  const [state, setState] = useState<LessonsState>({ status: 'loading' });
  const [loads, setLoads] = useState(0);
  // Rendered only after sign-in, in the browser, so the address is there to read.
  const [slug, setSlug] = useState(() => lessonSlugIn(window.location.search));
  const [focusRequests, setFocusRequests] = useState(0);
  const playerHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    backend.listLessons().then(
      (lessons) => {
        if (current) setState({ status: 'ready', lessons });
      },
      (error: unknown) => {
        console.error('Course: the lessons could not be loaded.', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
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

  const { lessons } = state;
  const lesson = lessonForSlug(lessons, slug);
  if (!lesson) return <p className="mt-8 text-lg text-ink-soft">{copy.empty}</p>;

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
        position={lessons.indexOf(lesson) + 1}
        total={lessons.length}
        headingRef={playerHeading}
      />
      <LessonList lessons={lessons} currentSlug={lesson.slug} onChoose={choose} />
    </div>
  );
}
