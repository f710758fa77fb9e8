import type { MouseEvent } from 'react';
import { courseCopy } from '@/content/course-page';
import { type Lesson, durationParts, lessonSearch } from '../model/lesson';

const copy = courseCopy.lessons;

/** A plain click is the page's to handle; a click meant for a new tab or window is the browser's. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The lessons in order: number, title, summary and duration. Each is a link to its own address
 * (`?lesson=<slug>`), and the one on show is marked as the current page.
 */
export function LessonList({
  lessons,
  currentSlug,
  onChoose,
}: {
  lessons: readonly Lesson[];
  currentSlug: string | undefined;
  onChoose: (lesson: Lesson) => void;
}) {
  return (
    <nav aria-labelledby="lessons-heading">
      <h2 id="lessons-heading" className="font-display text-2xl font-semibold tracking-tight">
        {copy.heading}
      </h2>
      <ol className="mt-4 space-y-3">
        {lessons.map((lesson, index) => {
          const current = lesson.slug === currentSlug;
          const duration = durationParts(lesson.duration_seconds);
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
                <a
                  href={lessonSearch(lesson.slug)}
                  aria-current={current ? 'page' : undefined}
                  onClick={(event) => {
                    if (opensElsewhere(event)) return;
                    event.preventDefault();
                    onChoose(lesson);
                  }}
                  className="font-semibold text-ink after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                >
                  {lesson.title}
                </a>
                {lesson.summary && (
                  <p className="mt-1 text-sm leading-relaxed text-ink-soft">{lesson.summary}</p>
                )}
                <p className="mt-2 text-sm font-medium text-ink-muted">
                  <span aria-hidden="true">{duration.clock}</span>
                  <span className="sr-only">{copy.spokenDuration(duration.minutes, duration.seconds)}</span>
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
