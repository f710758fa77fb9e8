// A lesson as the database holds it (public.lessons, as JSON), one shape for both of its writers: the studio and
// the owner's tool (admin/), which add the columns they show.
import { z } from './zod.ts';

export const lessonRow = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  video_path: z.string(),
  /** The master playlist of its HLS ladder, once one is made (server/src/lessons/stream-jobs.ts). */
  stream_path: z.nullable(z.string()),
  captions_path: z.nullable(z.string()),
  poster_path: z.nullable(z.string()),
  duration_seconds: z.number(),
  order_index: z.number(),
  is_published: z.boolean(),
  /** A free preview: anyone may watch it without signing in, once it is published. */
  is_preview: z.boolean(),
  /** The sign-up questionnaire's options the lesson speaks to. */
  speaks_to: z.array(z.string()),
});

export type LessonRow = z.infer<typeof lessonRow>;
