import { useId } from 'react';
import { ShownAndSaid } from '@/components/shown-and-said';
import { courseCopy } from '@/content/course-page';
import {
  type CourseOutline,
  type OutlineLesson,
  lessonLength,
  outlineSummary,
} from '@/shared/course-outline/outline';
import { LessonBadges } from './lesson-badges';

const copy = courseCopy.lessons;

/**
 * The published lessons as anyone may see them, before any sign-in answer: number, title, summary and length,
 * with the first lesson's poster, the lessons picked by the visitor's answers marked "For you", and the free
 * previews with a way to watch them (`onWatchPreview`). The signed-in list (lesson-list.tsx) takes its place
 * with the learner's progress.
 */
export function CourseOutlineList({
  outline,
  picked,
  onWatchPreview,
}: {
  outline: CourseOutline;
  picked: ReadonlySet<string>;
  onWatchPreview?: (lesson: OutlineLesson) => void;
}) {
  const titleIdPrefix = useId();
  const summary = outlineSummary(outline.lessons);
  return (
    <section aria-labelledby="lessons-heading">
      <h2 id="lessons-heading" className="font-display text-2xl font-semibold tracking-tight">
        {copy.heading}
      </h2>
      <p className="mt-2 text-sm font-semibold text-ink-soft">
        <ShownAndSaid shown={summary.text} said={summary.spoken} />
      </p>
      <ol className="mt-4 space-y-3">
        {outline.lessons.map((lesson, index) => {
          const length = lessonLength(lesson.durationSeconds);
          const titleId = `${titleIdPrefix}-${index}`;
          return (
            <li key={lesson.slug} className="flex gap-4 rounded-2xl border border-line bg-surface p-4">
              <span
                aria-hidden="true"
                className="grid size-9 shrink-0 place-items-center rounded-full bg-paper text-sm font-bold text-ink-soft ring-1 ring-line"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <h3 id={titleId} className="font-semibold text-ink">
                  {lesson.title}
                </h3>
                {index === 0 && (
                  <div className="mt-2 aspect-video w-40 overflow-hidden rounded-lg bg-night">
                    {outline.firstPosterUrl && (
                      <img
                        src={outline.firstPosterUrl}
                        alt=""
                        width={160}
                        height={90}
                        // On screen from the first paint at every width: it comes with the page's first bytes.
                        fetchPriority="high"
                        className="size-full object-cover"
                      />
                    )}
                  </div>
                )}
                {lesson.summary && (
                  <p className="mt-1 text-sm leading-relaxed text-ink-soft">{lesson.summary}</p>
                )}
                <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-ink-muted">
                  <span>
                    <ShownAndSaid shown={length.clock} said={length.spoken} />
                  </span>
                  <LessonBadges forYou={picked.has(lesson.slug)} preview={lesson.isPreview} />
                </p>
                {lesson.isPreview && onWatchPreview && (
                  <button
                    type="button"
                    aria-describedby={titleId}
                    onClick={() => onWatchPreview(lesson)}
                    className="mt-2 inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
                  >
                    {courseCopy.preview.watchShort}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
