import { useId } from 'react';
import { ShownAndSaid } from '@/components/shown-and-said';
import { CheckIcon } from '@/components/ui/icons';
import { courseCopy } from '@/content/course-page';
import { lessonLength } from '@/shared/course-outline/outline';
import type { Lesson } from '../model/lesson';
import {
  type LessonState,
  type ProgressByLesson,
  lessonState,
  progressKey,
  watchedCount,
} from '../model/progress';
import { LessonBadges } from './lesson-badges';
import { LessonLink } from './lesson-link';

const copy = courseCopy.lessons;

/** A mark for each state, so it reads at a glance; the words beside it say the same for everyone. */
function StateMark({ state }: { state: LessonState }) {
  if (state === 'watched') {
    return (
      <span aria-hidden="true" className="grid size-4 place-items-center rounded-full bg-lens-2 text-white">
        <CheckIcon className="size-3" strokeWidth={3} />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`size-4 rounded-full border-2 ${state === 'in-progress' ? 'border-lens-3 bg-[linear-gradient(90deg,var(--color-lens-3)_50%,transparent_50%)]' : 'border-line'}`}
    />
  );
}

/**
 * The lessons in order: number, title, summary, duration and how far the learner is, under "n of N watched".
 * Each is a link to its own address (`?lesson=<slug>`), and the one on show is marked as the current page.
 * The lessons picked by the visitor's answers are marked "For you".
 */
export function LessonList({
  lessons,
  progress,
  currentSlug,
  picked,
  onChoose,
}: {
  lessons: readonly Lesson[];
  progress: ProgressByLesson;
  currentSlug: string | undefined;
  picked: ReadonlySet<string>;
  onChoose: (lesson: Lesson) => void;
}) {
  const stateIdPrefix = useId();
  const watched = watchedCount(lessons, progress);
  return (
    <nav aria-labelledby="lessons-heading">
      <h2 id="lessons-heading" className="font-display text-2xl font-semibold tracking-tight">
        {copy.heading}
      </h2>
      <p className="mt-2 text-sm font-semibold text-ink-soft">
        {copy.watchedSummary(watched, lessons.length)}
      </p>
      <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-line">
        <div
          className="h-full rounded-full bg-lens-2 transition-[width]"
          style={{ width: `${lessons.length === 0 ? 0 : (100 * watched) / lessons.length}%` }}
        />
      </div>
      <ol className="mt-4 space-y-3">
        {lessons.map((lesson, index) => {
          const current = lesson.slug === currentSlug;
          const length = lessonLength(lesson.duration_seconds);
          const state = lessonState(progress.get(progressKey(lesson.id)));
          const stateId = `${stateIdPrefix}-${index}`;
          return (
            <li
              key={lesson.slug}
              className={`relative flex gap-4 rounded-2xl border bg-surface p-4 transition-colors has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-3 has-[a:focus-visible]:outline-focus ${current ? 'border-lens-1 shadow-card ring-1 ring-lens-1' : 'border-line hover:border-ink/30'}`}
            >
              <span
                aria-hidden="true"
                className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold ${current ? 'bg-lens-1 text-white' : 'bg-paper text-ink-soft ring-1 ring-line'}`}
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <LessonLink
                  lesson={lesson}
                  onChoose={onChoose}
                  aria-current={current ? 'page' : undefined}
                  aria-describedby={picked.has(lesson.slug) ? `${stateId} ${stateId}-marks` : stateId}
                  className="font-semibold text-ink after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                >
                  {lesson.title}
                </LessonLink>
                {lesson.summary && (
                  <p className="mt-1 text-sm leading-relaxed text-ink-soft">{lesson.summary}</p>
                )}
                <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-ink-muted">
                  <span>
                    <ShownAndSaid shown={length.clock} said={length.spoken} />
                  </span>
                  <span id={stateId} className="inline-flex items-center gap-1.5">
                    <StateMark state={state} />
                    {copy.state[state]}
                  </span>
                  <LessonBadges id={`${stateId}-marks`} forYou={picked.has(lesson.slug)} />
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
