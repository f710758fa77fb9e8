import { useCallback, useMemo, useState } from 'react';
import seededFirstThumbnailUrl from '@seeded-first-thumbnail?url';
import { useLoad } from '@/lib/use-load';
import type { CourseOutline, ShownPoster } from '@/shared/course-outline/outline';
import { outlineOfRows } from '@/shared/course-outline/outline-rows';
import { usePublishedOutlineRows } from '@/shared/course-outline/published-outline';
import { onSlowLink } from '@/shared/player/slow-link';
import type { CourseContentBackend } from './model/course-backend';

/** The seeded lessons' outline, whose previews play once the live outline names their files: they may be others. */
function seededOutline() {
  const seeded = outlineOfRows(__SEEDED_OUTLINE_ROWS__);
  return { ...seeded, lessons: seeded.lessons.map((lesson) => ({ ...lesson, files: null, preview: null })) };
}

/**
 * The outline the page is rendered with before the live one comes: the published rows its page carries (the build's,
 * rendered again by the embedded server when the lessons change, docs/decisions/0120-*), else (`npm run dev`'s page)
 * the seeded lessons' (supabase/seeds/lessons.json, read at build time). When the first poster is the seeded one,
 * its small copy shows from the first paint, and stays; another first poster waits for the live outline's signing.
 */
function prerenderedOutline(rows: unknown): { outline: CourseOutline; shown: ShownPoster | undefined } {
  let parsed;
  try {
    parsed = rows === null ? seededOutline() : outlineOfRows(rows);
  } catch (error) {
    console.error('Course: the outline the page carries is malformed; it starts from the seeded one.', error);
    parsed = seededOutline();
  }
  const shown =
    parsed.firstPosterPath !== null && parsed.firstPosterPath === __SEEDED_FIRST_POSTER_PATH__
      ? { path: parsed.firstPosterPath, url: seededFirstThumbnailUrl }
      : undefined;
  return { outline: { lessons: parsed.lessons, firstPosterUrl: shown?.url ?? null }, shown };
}

/**
 * The public outline, asked for as soon as the page runs, whoever is visiting, and `reload`, which reads it again
 * (a lesson's files may have changed since: its stream made, its video replaced). A failure keeps the prerendered
 * outline: signing in does not wait for it. On a slow link a first poster other than the prerendered one is left
 * out: the link is kept for the lesson itself (./../../shared/player/slow-link.ts).
 */
export function useCourseOutline(backend: Pick<CourseContentBackend, 'loadOutline'>): {
  outline: CourseOutline;
  reload: () => void;
} {
  const rows = usePublishedOutlineRows();
  const prerendered = useMemo(() => prerenderedOutline(rows), [rows]);
  const { shown } = prerendered;
  const { state, reload } = useLoad(
    useCallback(() => backend.loadOutline(shown), [backend, shown]),
    'Course: the outline could not be loaded.',
  );
  const [slowLink] = useState(onSlowLink);
  if (state.status !== 'ready') return { outline: prerendered.outline, reload };
  const live = state.value;
  const outline = slowLink && live.firstPosterUrl !== shown?.url ? { ...live, firstPosterUrl: null } : live;
  return { outline, reload };
}
