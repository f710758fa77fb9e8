import { z } from '@/lib/zod';

/** A row of `guides` as the carousel reads it. */
export const guideSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  title: z.string(),
  quote: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  order_index: z.number(),
});

type Guide = z.infer<typeof guideSchema>;

/** A guide with the image address the browser loads (null: use the fallback). */
export type GuideCardData = Guide & { imageSrc: string | null };
