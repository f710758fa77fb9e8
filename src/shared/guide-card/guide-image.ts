import fallback1 from '@/assets/guides/guide-fallback-1.svg?no-inline';
import fallback2 from '@/assets/guides/guide-fallback-2.svg?no-inline';
import fallback3 from '@/assets/guides/guide-fallback-3.svg?no-inline';
import fallback4 from '@/assets/guides/guide-fallback-4.svg?no-inline';
import fallback5 from '@/assets/guides/guide-fallback-5.svg?no-inline';
import fallback6 from '@/assets/guides/guide-fallback-6.svg?no-inline';

/** The six bundled illustrations used when a guide has no image or its image fails, cycling by position. */
export const FALLBACK_GUIDE_IMAGES = [
  fallback1,
  fallback2,
  fallback3,
  fallback4,
  fallback5,
  fallback6,
] as const;

/** Fallback images cycle by position in the list: index mod 6. */
export function fallbackGuideImage(index: number): string {
  const count = FALLBACK_GUIDE_IMAGES.length;
  return FALLBACK_GUIDE_IMAGES[((index % count) + count) % count] ?? fallback1;
}

/**
 * A guide's `image_url`: a full http(s) address is used as is, anything else is a path in the public
 * storage bucket `guides`; empty or missing → null (the card shows its fallback).
 */
export function resolveGuideImageUrl(
  imageUrl: string | null,
  publicUrlOf: (path: string) => string,
): string | null {
  const value = imageUrl?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return publicUrlOf(value.replace(/^\/+/, ''));
}
