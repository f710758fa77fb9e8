import { useCallback, useState } from 'react';
import seededFirstThumbnailUrl from '@seeded-first-thumbnail?url';
import { useLoad } from '@/lib/use-load';
import type { CourseOutline, ShownPoster } from '@/shared/course-outline/outline';
import { onSlowLink } from '@/shared/player/slow-link';
import type { CourseContentBackend } from './model/course-backend';

/**
 * The outline the page is prerendered with: the seeded lessons (supabase/seeds/lessons.json, read at build
 * time) and their first poster, small, so a visitor on a slow line sees the course at once. The live outline replaces it as soon as it comes,
 * the same in the usual case (docs/decisions/0120-*).
 */
const seededOutline: CourseOutline = {
  // A preview plays once the live outline names its files: the seed's may not be the published ones.
  lessons: __SEEDED_OUTLINE__.map((lesson) => ({ ...lesson, preview: null })),
  firstPosterUrl: seededFirstThumbnailUrl,
};

/** The small first poster on screen from the first paint: it stays while the live first poster is the same file. */
const prerenderedPoster: ShownPoster | undefined =
  __SEEDED_FIRST_POSTER_PATH__ === null
    ? undefined
    : { path: __SEEDED_FIRST_POSTER_PATH__, url: seededFirstThumbnailUrl };

/**
 * The public outline, asked for as soon as the page runs, whoever is visiting. A failure keeps the seeded
 * outline: it is a preview, and signing in does not wait for it. On a slow link a first poster other than the
 * prerendered one is left out: the link is kept for the lesson itself (./../../shared/player/slow-link.ts).
 */
export function useCourseOutline(backend: Pick<CourseContentBackend, 'loadOutline'>): CourseOutline {
  const { state } = useLoad(
    useCallback(() => backend.loadOutline(prerenderedPoster), [backend]),
    'Course: the outline could not be loaded.',
  );
  const [slowLink] = useState(onSlowLink);
  if (state.status !== 'ready') return seededOutline;
  const outline = state.value;
  return slowLink && outline.firstPosterUrl !== prerenderedPoster?.url
    ? { ...outline, firstPosterUrl: null }
    : outline;
}
