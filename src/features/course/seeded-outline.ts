import seededFirstThumbnailUrl from '@seeded-first-thumbnail?url';
import type { PosterCopy } from '@/shared/course-outline/fetch-course-outline';
import type { CourseOutline } from '@/shared/course-outline/outline';

/**
 * The first seeded lesson's poster at 480 px (6 KB), bundled with the build: /course is prerendered with it, and
 * it stays while the published first poster is that same picture (docs/decisions/0120-*).
 */
export const seededPosterCopy: PosterCopy | null =
  __SEEDED_FIRST_POSTER__ === null ? null : { path: __SEEDED_FIRST_POSTER__, url: seededFirstThumbnailUrl };

/**
 * The outline the page is prerendered with: the seeded lessons (supabase/seeds/lessons.json, read at build
 * time) and their first poster, small, so a visitor on a slow line sees the course at once. The live outline
 * replaces it as soon as it comes, the same in the usual case.
 */
export const seededOutline: CourseOutline = {
  // A preview plays once the live outline names its files: the seed's may not be the published ones.
  lessons: __SEEDED_OUTLINE__.map((lesson) => ({ ...lesson, preview: null })),
  firstPosterUrl: seededFirstThumbnailUrl,
};
