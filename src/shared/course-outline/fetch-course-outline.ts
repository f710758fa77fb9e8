import { z } from '@/lib/zod';
import { getSupabase } from '@/lib/supabase';
import { signCourseFiles } from '@/shared/player/sign-course-files';
import type { CourseOutline, OutlineLesson, ShownPoster } from './outline';

const OUTLINE_COLUMNS =
  'slug,title,summary,duration_seconds,order_index,poster_path,is_preview,speaks_to,video_path,captions_path,stream_path,streams';

/**
 * A row of the view `course_outline`: the first lesson's row and the preview lessons' name a poster, and only
 * the preview lessons' name their video and captions.
 */
const outlineRowSchema = z.object({
  slug: z.string().check(z.minLength(1)),
  title: z.string(),
  summary: z.string(),
  duration_seconds: z.number().check(z.nonnegative()),
  order_index: z.number(),
  poster_path: z.nullable(z.string().check(z.minLength(1))),
  is_preview: z.boolean(),
  speaks_to: z.array(z.string()),
  video_path: z.nullable(z.string().check(z.minLength(1))),
  captions_path: z.nullable(z.string().check(z.minLength(1))),
  stream_path: z.nullable(z.string().check(z.minLength(1))),
  streams: z.boolean(),
});

type OutlineRow = z.infer<typeof outlineRowSchema>;

/** A preview lesson's files, when the row is a preview's that names its video. */
function previewOf(row: OutlineRow): OutlineLesson['preview'] {
  if (!row.is_preview || row.video_path === null) return null;
  return {
    videoPath: row.video_path,
    captionsPath: row.captions_path,
    posterPath: row.poster_path,
    streamPath: row.stream_path,
  };
}

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
  const rows = z.array(outlineRowSchema).parse(data);
  // Preview lessons name their posters too: the first poster is the first lesson's.
  const first = rows[0];
  const posterPath = first?.poster_path ?? null;
  let firstPosterUrl: string | null = null;
  if (withPoster && posterPath !== null) {
    const firstPreview = first && previewOf(first);
    const withPreview = firstPreview ? [firstPreview.videoPath, firstPreview.captionsPath] : [];
    try {
      const signed = await signCourseFiles([posterPath, ...withPreview].filter((path) => path !== null));
      firstPosterUrl = signed.get(posterPath) ?? null;
    } catch (error) {
      console.error('Course outline: could not sign the first poster.', error);
    }
    if (shown?.path === posterPath) firstPosterUrl = shown.url;
  }
  return {
    lessons: rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      durationSeconds: row.duration_seconds,
      orderIndex: row.order_index,
      isPreview: row.is_preview,
      streams: row.streams,
      speaksTo: row.speaks_to,
      preview: previewOf(row),
    })),
    firstPosterUrl,
  };
}
