import { z } from '@/lib/zod';
import type { LessonFiles, OutlineLesson } from './outline';

/** A row of the view `course_outline`: every published lesson's, with the paths of its files. */
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

/** The lesson's files, when the row names its video. */
function filesOf(row: OutlineRow): LessonFiles | null {
  if (row.video_path === null) return null;
  return {
    videoPath: row.video_path,
    captionsPath: row.captions_path,
    posterPath: row.poster_path,
    streamPath: row.stream_path,
  };
}

/**
 * The outline's lessons and the first lesson's poster path (null: none), from the view's rows in order, as the
 * API answers them or a prerendered page carries them. Throws on a malformed row.
 */
export function outlineOfRows(rows: unknown): { lessons: OutlineLesson[]; firstPosterPath: string | null } {
  const parsed = z.array(outlineRowSchema).parse(rows);
  return {
    lessons: parsed.map((row) => {
      const files = filesOf(row);
      return {
        slug: row.slug,
        title: row.title,
        summary: row.summary,
        durationSeconds: row.duration_seconds,
        orderIndex: row.order_index,
        isPreview: row.is_preview,
        streams: row.streams,
        speaksTo: row.speaks_to,
        files,
        preview: row.is_preview ? files : null,
      };
    }),
    firstPosterPath: parsed[0]?.poster_path ?? null,
  };
}
