import { z } from 'zod/mini';

// zod compiles object parsers with `new Function` unless told not to; the page's CSP forbids eval.
z.config({ jitless: true });

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
