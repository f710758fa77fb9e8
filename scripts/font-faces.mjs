// The pure parts of `npm run fonts`: which characters the first view's font files hold, the metrics read from a
// font file, and the @font-face rules with a size-adjusted fallback.

/**
 * The first view's characters: printable ASCII, the no-break space, © and ·, and the typographic punctuation
 * of the copy (dashes, curly quotes, bullet, ellipsis, arrow, euro, trade mark). Everything else in Latin
 * comes from the larger files, downloaded only by a page that shows such a character.
 */
export const CORE_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb7, 0xb7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2192, 0x2192],
];

/** Realistic English (the hero's lead) over which average advances are compared for `size-adjust`. */
const SAMPLE_TEXT =
  'Lost in your career, or unsure what AI means for your job? Learn the simple, scientific method top companies use to plan ahead.';

const hex = (codePoint) => codePoint.toString(16).toUpperCase();

/** `[[0x20, 0x7e], …]` as a CSS unicode-range value. */
export function toUnicodeRange(ranges) {
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',');
}

function parseUnicodeRange(value) {
  return value.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  });
}

/** A CSS unicode-range value without the code points of `ranges`, so two faces never claim one character. */
export function rangesMinus(unicodeRange, ranges) {
  return parseUnicodeRange(unicodeRange).flatMap(([from, to]) => {
    let pieces = [[from, to]];
    for (const [cutFrom, cutTo] of ranges) {
      pieces = pieces.flatMap(([start, end]) => {
        if (cutTo < start || cutFrom > end) return [[start, end]];
        return [
          ...(start < cutFrom ? [[start, cutFrom - 1]] : []),
          ...(end > cutTo ? [[cutTo + 1, end]] : []),
        ];
      });
    }
    return pieces;
  });
}

/** The offsets of an sfnt's tables by tag. */
function tables(font) {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  const offsets = new Map();
  for (let index = 0; index < count; index += 1) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    offsets.set(tag, view.getUint32(record + 8));
  }
  const at = (tag) => {
    const offset = offsets.get(tag);
    if (offset === undefined) throw new Error(`The font has no ${tag} table.`);
    return offset;
  };
  return { view, at };
}

/** The glyph of each BMP character, from the cmap's format 4 subtable. */
function glyphOf(view, cmap) {
  const count = view.getUint16(cmap + 2);
  let subtable;
  for (let index = 0; index < count && subtable === undefined; index += 1) {
    const offset = cmap + view.getUint32(cmap + 4 + index * 8 + 4);
    if (view.getUint16(offset) === 4) subtable = offset;
  }
  if (subtable === undefined) throw new Error('The font has no format 4 cmap.');
  const segments = view.getUint16(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    for (let segment = 0; segment < segments; segment += 1) {
      if (codePoint > view.getUint16(ends + segment * 2)) continue;
      const start = view.getUint16(starts + segment * 2);
      if (codePoint < start) return 0;
      const delta = view.getInt16(deltas + segment * 2);
      const rangeOffset = view.getUint16(rangeOffsets + segment * 2);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + segment * 2 + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/**
 * What a fallback face needs from a TrueType/OpenType font: its vertical metrics as a fraction of the em (the
 * hhea values browsers use, or OS/2's typographic ones when the font asks for them) and its average advance
 * over SAMPLE_TEXT.
 */
export function fontMetrics(font) {
  const { view, at } = tables(font);
  const unitsPerEm = view.getUint16(at('head') + 18);
  const hhea = at('hhea');
  const os2 = at('OS/2');
  const useTypoMetrics = (view.getUint16(os2 + 62) & (1 << 7)) !== 0;
  const [ascent, descent, lineGap] = useTypoMetrics
    ? [view.getInt16(os2 + 68), view.getInt16(os2 + 70), view.getInt16(os2 + 72)]
    : [view.getInt16(hhea + 4), view.getInt16(hhea + 6), view.getInt16(hhea + 8)];
  const longMetrics = view.getUint16(hhea + 34);
  const hmtx = at('hmtx');
  const advance = (glyph) => view.getUint16(hmtx + Math.min(glyph, longMetrics - 1) * 4);
  const glyph = glyphOf(view, at('cmap'));
  const characters = [...SAMPLE_TEXT];
  const total = characters.reduce((sum, character) => sum + advance(glyph(character.codePointAt(0))), 0);
  return {
    ascent: ascent / unitsPerEm,
    descent: Math.abs(descent) / unitsPerEm,
    lineGap: lineGap / unitsPerEm,
    advance: total / characters.length / unitsPerEm,
  };
}

const percent = (value) => `${(value * 100).toFixed(2)}%`;

/**
 * A family's @font-face rules, the core file last so that it wins for its characters, and a fallback face:
 * the local font scaled to the same average advance and given the same ascent, descent and line gap, so the
 * text takes the same space before and after the web font arrives.
 */
export function fontFaceRules({ family, weight, faces, metrics, fallback }) {
  const sizeAdjust = metrics.advance / fallback.advance;
  const webFaces = faces.map(
    ({ url, unicodeRange }) => `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url('${url}') format('woff2');
  unicode-range: ${unicodeRange};
}
`,
  );
  const fallbackFace = `@font-face {
  font-family: '${fallback.family}';
  src: ${fallback.local.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(metrics.ascent / sizeAdjust)};
  descent-override: ${percent(metrics.descent / sizeAdjust)};
  line-gap-override: ${percent(metrics.lineGap / sizeAdjust)};
}
`;
  return [...webFaces, fallbackFace].join('\n');
}
