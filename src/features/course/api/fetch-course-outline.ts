import { z } from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import type { CourseOutline } from '../model/outline';

// zod compiles object parsers with `new Function` unless told not to; the page's CSP forbids eval.
z.config({ jitless: true });

/** How long the first poster's signed address works: an hour, as the lessons' files. */
const POSTER_URL_SECONDS = 3600;

/** A row of the view `course_outline`; only the first lesson's row names a poster. */
const outlineRowSchema = z.object({
  slug: z.string().check(z.minLength(1)),
  title: z.string(),
  summary: z.string(),
  duration_seconds: z.number().check(z.nonnegative()),
  order_index: z.number(),
  poster_path: z.nullable(z.string().check(z.minLength(1))),
});

/**
 * The published lessons' outline, readable before any sign-in, with the first lesson's poster signed unless
 * the page shows none (`withPoster: false`). Rejects when the outline cannot be read or a row is malformed; a
 * poster that cannot be signed only leaves `firstPosterUrl` null.
 */
export async function fetchCourseOutline({ withPoster = true } = {}): Promise<CourseOutline> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('course_outline')
    .select('slug,title,summary,duration_seconds,order_index,poster_path')
    .order('order_index', { ascending: true })
    .order('slug', { ascending: true });
  if (error) throw error;
  const rows = z.array(outlineRowSchema).parse(data);
  const posterPath = rows.find((row) => row.poster_path !== null)?.poster_path ?? null;
  let firstPosterUrl: string | null = null;
  if (withPoster && posterPath !== null) {
    const signed = await supabase.storage.from('course').createSignedUrl(posterPath, POSTER_URL_SECONDS);
    if (signed.error) console.error('Course outline: could not sign the first poster.', signed.error);
    else firstPosterUrl = signed.data.signedUrl;
  }
  return {
    lessons: rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      durationSeconds: row.duration_seconds,
      orderIndex: row.order_index,
    })),
    firstPosterUrl,
  };
}
