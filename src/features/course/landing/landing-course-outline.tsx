import { useEffect, useRef } from 'react';
import { ShownAndSaid } from '@/components/shown-and-said';
import { learnCopy } from '@/content/learn';
import { useDialogShown } from '@/lib/dialog-shown';
import { useNearViewport } from '@/lib/use-near-viewport';
import { lessonLength, outlineSummary } from '@/shared/course-outline/outline';
import { landingOutline, type OutlineStore, useOutlineState } from '@/shared/course-outline/outline-store';

/** Rows held open while the outline loads: as many as the site was built with, so the list rarely moves. */
const PLACEHOLDER_ROWS = __SEEDED_LESSON_SECONDS__.length;
/** Every row is two lines tall whatever its title, so the loaded list takes the placeholders' place exactly. */
const ROW = 'flex h-16 items-center gap-4 rounded-2xl border border-line px-4 sm:px-5';

/**
 * The course's published lessons on the landing page: number, title and length, and the whole course's length.
 * It loads them (and supabase-js) as the guides load theirs, when it comes within half a screen of the
 * viewport, and not while a dialog covers the page. Should they not come, the block goes, and the error is
 * logged: the lessons are a preview, and the page works without them.
 */
export function LandingCourseOutline({ store = landingOutline }: { store?: OutlineStore }) {
  const block = useRef<HTMLDivElement>(null);
  const near = useNearViewport(block, !useDialogShown());
  const state = useOutlineState(store);
  useEffect(() => {
    if (near) store.request();
  }, [near, store]);

  if (state.status === 'unavailable') return null;
  const lessons = state.status === 'ready' ? state.outline.lessons : null;
  const summary = lessons && outlineSummary(lessons);
  return (
    <div ref={block} className="mt-14">
      <h3 id="landing-lessons-title" className="font-display text-2xl font-semibold tracking-tight">
        {learnCopy.lessonsHeading}
      </h3>
      <p className="mt-2 min-h-6 font-semibold text-ink-soft">
        {summary && <ShownAndSaid shown={summary.text} said={summary.spoken} />}
      </p>
      <ol aria-labelledby="landing-lessons-title" aria-busy={lessons === null} className="mt-5 grid gap-3">
        {lessons === null
          ? Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
              <li key={index} aria-hidden="true" className={`${ROW} animate-shimmer bg-paper`} />
            ))
          : lessons.map((lesson, index) => {
              const length = lessonLength(lesson.durationSeconds);
              return (
                <li key={lesson.slug} className={`${ROW} bg-paper`}>
                  <span
                    aria-hidden="true"
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-surface text-sm font-bold text-ink-soft ring-1 ring-line"
                  >
                    {index + 1}
                  </span>
                  <span className="line-clamp-2 min-w-0 flex-1 leading-snug font-medium">{lesson.title}</span>
                  <span className="shrink-0 text-sm font-medium text-ink-muted tabular-nums">
                    <ShownAndSaid shown={length.clock} said={length.spoken} />
                  </span>
                </li>
              );
            })}
      </ol>
    </div>
  );
}
