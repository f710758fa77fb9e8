import { readFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import { CORE_RANGES, fontFaceRules, fontMetrics, rangesMinus, toUnicodeRange } from './font-faces.mjs';

const fonts = path.resolve(import.meta.dirname, '..', 'src', 'assets', 'fonts');
const inCore = (codePoint: number) => CORE_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);

describe('unicode ranges', () => {
  it('writes single code points and spans the way CSS reads them', () => {
    expect(
      toUnicodeRange([
        [0x20, 0x7e],
        [0xa9, 0xa9],
      ]),
    ).toBe('U+20-7E,U+A9');
  });

  it("takes the core's characters out of a wider range and keeps the rest", () => {
    const rest = rangesMinus('U+0000-00FF,U+2000-206F,U+20AC', CORE_RANGES);
    const restHas = (codePoint: number) => rest.some(([from, to]) => codePoint >= from && codePoint <= to);
    for (const codePoint of [0x41, 0x7a, 0xa9, 0x2019, 0x2026, 0x20ac]) {
      expect(inCore(codePoint)).toBe(true);
      expect(restHas(codePoint)).toBe(false);
    }
    for (const codePoint of [0xe9, 0xfc, 0x2020, 0x201e]) expect(restHas(codePoint)).toBe(true);
    expect(rest).toContainEqual([0xb8, 0xff]);
  });
});

describe('fontMetrics', () => {
  it("reads Inter's vertical metrics and average advance from the committed core file", async () => {
    const woff2 = readFileSync(path.join(fonts, 'inter-core.woff2'));
    const sfnt = await subsetFont(woff2, 'Lost in your career', { targetFormat: 'sfnt' });
    const metrics = fontMetrics(new Uint8Array(sfnt));
    // Inter's hhea: ascender 1984, descender −494, line gap 0, on a 2048-unit em.
    expect(metrics.ascent).toBeCloseTo(1984 / 2048, 4);
    expect(metrics.descent).toBeCloseTo(494 / 2048, 4);
    expect(metrics.lineGap).toBe(0);
    expect(metrics.advance).toBeGreaterThan(0.45);
    expect(metrics.advance).toBeLessThan(0.6);
  });

  it('refuses a file that is not an sfnt font with the tables it needs', () => {
    const empty = new Uint8Array(12);
    expect(() => fontMetrics(empty)).toThrow(/has no head table/);
  });
});

describe('fontFaceRules', () => {
  const css = fontFaceRules({
    family: 'Inter Variable',
    weight: '400 700',
    faces: [
      { url: './inter-latin.woff2', unicodeRange: 'U+E9' },
      { url: './inter-core.woff2', unicodeRange: 'U+20-7E' },
    ],
    metrics: { ascent: 0.96875, descent: 0.25, lineGap: 0, advance: 0.5 },
    fallback: { family: 'Inter Fallback', local: ['Arial', 'Liberation Sans'], advance: 0.4 },
  });

  it('declares the core file last, so it wins for its characters, each face swapping in', () => {
    expect(css.indexOf('inter-core.woff2')).toBeGreaterThan(css.indexOf('inter-latin.woff2'));
    expect(css.match(/font-display: swap;/g)).toHaveLength(2);
    expect(css).toContain('font-weight: 400 700;');
  });

  it('scales the fallback to the same average advance and gives it the same vertical metrics', () => {
    expect(css).toContain("src: local('Arial'), local('Liberation Sans');");
    expect(css).toContain('size-adjust: 125.00%;');
    expect(css).toContain('ascent-override: 77.50%;');
    expect(css).toContain('descent-override: 20.00%;');
    expect(css).toContain('line-gap-override: 0.00%;');
  });
});
