import { useCallback } from 'react';
import seededFirstThumbnailUrl from '@seeded-first-thumbnail?url';
import { useLoad } from '@/lib/use-load';
import type { CourseOutline } from '@/shared/course-outline/outline';
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

/**
 * The public outline, asked for as soon as the page runs, whoever is visiting. A failure keeps the seeded
 * outline: it is a preview, and signing in does not wait for it.
 */
export function useCourseOutline(backend: Pick<CourseContentBackend, 'loadOutline'>): CourseOutline {
  const { state } = useLoad(
    useCallback(() => backend.loadOutline(), [backend]),
    'Course: the outline could not be loaded.',
  );
  return state.status === 'ready' ? state.value : seededOutline;
}
