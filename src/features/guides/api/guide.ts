import { z } from 'zod';

/** A row of `guides` as the carousel reads it (spec §3, §7). */
export const guideSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  title: z.string(),
  quote: z.string().nullable(),
  image_url: z.string().nullable(),
  order_index: z.number(),
});

type Guide = z.infer<typeof guideSchema>;

/** A guide with the image address the browser loads (null: use the fallback). */
export type GuideCardData = Guide & { imageSrc: string | null };
