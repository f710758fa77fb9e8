import { z } from '@/lib/zod';

/** The columns the page reads from `lessons` (the migration's names; `is_published` is RLS's business). */
export const LESSON_COLUMNS =
  'id, slug, title, summary, video_path, stream_path, captions_path, poster_path, duration_seconds, order_index';

/** A row of `lessons` as the page reads it; the paths are inside the private bucket `course`. */
export const lessonSchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string().check(z.minLength(1)),
  title: z.string(),
  summary: z.string(),
  video_path: z.string().check(z.minLength(1)),
  /** The master playlist of its adaptive stream; null for a lesson kept as uploaded. */
  stream_path: z.nullable(z.string().check(z.minLength(1))),
  captions_path: z.nullable(z.string()),
  poster_path: z.nullable(z.string()),
  duration_seconds: z.number().check(z.nonnegative()),
  order_index: z.number(),
});

export type Lesson = z.infer<typeof lessonSchema>;

const LESSON_PARAM = 'lesson';

/** The slug a deep link names (`?lesson=<slug>`), or null. */
export function lessonSlugIn(search: string): string | null {
  return new URLSearchParams(search).get(LESSON_PARAM);
}

/** The query string of a lesson's deep link, relative to the page it is on. */
export function lessonSearch(slug: string): string {
  return `?${new URLSearchParams({ [LESSON_PARAM]: slug }).toString()}`;
}

/** The lesson a slug names; an unknown or missing slug gets the first lesson. */
export function lessonForSlug(lessons: readonly Lesson[], slug: string | null): Lesson | undefined {
  return lessons.find((lesson) => lesson.slug === slug) ?? lessons[0];
}
