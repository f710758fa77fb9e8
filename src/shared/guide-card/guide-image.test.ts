import { describe, expect, it } from 'vitest';
import { FALLBACK_GUIDE_IMAGES, fallbackGuideImage, resolveGuideImageUrl } from './guide-image';

const storage = (path: string) => `https://api.example.com/storage/v1/object/public/guides/${path}`;

describe('resolveGuideImageUrl', () => {
  it('uses a full http or https address as it is', () => {
    expect(resolveGuideImageUrl('https://cdn.example.org/a.webp', storage)).toBe(
      'https://cdn.example.org/a.webp',
    );
    expect(resolveGuideImageUrl('HTTP://cdn.example.org/b.png', storage)).toBe(
      'HTTP://cdn.example.org/b.png',
    );
  });

  it('treats anything else as a path in the public guides bucket', () => {
    expect(resolveGuideImageUrl('amara.svg', storage)).toBe(
      'https://api.example.com/storage/v1/object/public/guides/amara.svg',
    );
    expect(resolveGuideImageUrl('/team/ben.png', storage)).toBe(
      'https://api.example.com/storage/v1/object/public/guides/team/ben.png',
    );
    expect(resolveGuideImageUrl('httpdocs/c.png', storage)).toBe(
      'https://api.example.com/storage/v1/object/public/guides/httpdocs/c.png',
    );
  });

  it('gives null for a missing or blank image, so the card uses its fallback', () => {
    expect(resolveGuideImageUrl(null, storage)).toBeNull();
    expect(resolveGuideImageUrl('   ', storage)).toBeNull();
  });
});

describe('fallbackGuideImage', () => {
  it('has six bundled images and cycles through them by position (index mod 6)', () => {
    expect(FALLBACK_GUIDE_IMAGES).toHaveLength(6);
    expect(new Set(FALLBACK_GUIDE_IMAGES).size).toBe(6);
    for (let index = 0; index < 6; index += 1) {
      expect(fallbackGuideImage(index)).toBe(FALLBACK_GUIDE_IMAGES[index]);
      expect(fallbackGuideImage(index + 6)).toBe(FALLBACK_GUIDE_IMAGES[index]);
      expect(fallbackGuideImage(index + 12)).toBe(FALLBACK_GUIDE_IMAGES[index]);
    }
  });
});
