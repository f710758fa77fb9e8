type Ranges = [number, number][];
interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  advance: number;
}

/** The first view's code points, as inclusive [from, to] pairs. */
export const CORE_RANGES: Ranges;
/** Ranges as a CSS unicode-range value. */
export function toUnicodeRange(ranges: Ranges): string;
/** A CSS unicode-range value without the code points of `ranges`. */
export function rangesMinus(unicodeRange: string, ranges: Ranges): Ranges;
/** Vertical metrics and average advance of an sfnt font, as fractions of its em. */
export function fontMetrics(font: Uint8Array): FontMetrics;
/** A family's @font-face rules and its size-adjusted fallback face. */
export function fontFaceRules(family: {
  family: string;
  weight: string;
  faces: { url: string; unicodeRange: string }[];
  metrics: FontMetrics;
  fallback: { family: string; local: string[]; advance: number };
}): string;
