import { getSupabase } from '@/lib/supabase';
import { signCourseFiles } from '@/shared/player/sign-course-files';
import type { CourseOutline, ShownPoster } from './outline';
import { OUTLINE_COLUMNS } from '../../../supabase/course-outline-columns.mjs';
import { outlineOfRows } from './outline-rows';

/**
 * The published lessons' outline, readable before any sign-in, with the first lesson's poster signed unless the
 * page shows none (`withPoster: false`). A free first lesson's video and captions are signed with that poster:
 * sign-course-files gives the player the same addresses when it opens the lesson a moment later, so its first
 * play waits for nothing but the video. Rejects when the outline cannot be read or a row is malformed; a poster
 * that cannot be signed only leaves `firstPosterUrl` null. When the first lesson's poster is one the page already
 * shows (`shown`: the prerendered page's small copy), that copy stays its address, signed or not: the picture is
 * not fetched twice.
 */
export async function fetchCourseOutline({
  withPoster = true,
  shown,
}: { withPoster?: boolean; shown?: ShownPoster } = {}): Promise<CourseOutline> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('course_outline')
    .select(OUTLINE_COLUMNS)
    .order('order_index', { ascending: true })
    .order('slug', { ascending: true });
  if (error) throw error;
  const { lessons, firstPosterPath: posterPath } = outlineOfRows(data);
  let firstPosterUrl: string | null = null;
  if (withPoster && posterPath !== null) {
    const firstPreview = lessons[0]?.preview;
    const withPreview = firstPreview ? [firstPreview.videoPath, firstPreview.captionsPath] : [];
    try {
      const signed = await signCourseFiles([posterPath, ...withPreview].filter((path) => path !== null));
      firstPosterUrl = signed.get(posterPath) ?? null;
    } catch (error) {
      console.error('Course outline: could not sign the first poster.', error);
    }
    if (shown?.path === posterPath) firstPosterUrl = shown.url;
  }
  return { lessons, firstPosterUrl };
}
