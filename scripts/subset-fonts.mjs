// npm run fonts: writes src/assets/fonts/ from the @fontsource-variable packages — the first view's small font
// files, the rest of Latin for text that needs it, and fonts.css with size-adjusted fallbacks. Run it after
// changing a font, the weights the design uses, or the characters of the first view.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as prettier from 'prettier';
import subsetFont from 'subset-font';
import { CORE_RANGES, fontFaceRules, fontMetrics, rangesMinus, toUnicodeRange } from './font-faces.mjs';

const require = createRequire(import.meta.url);
const out = path.resolve(import.meta.dirname, '..', 'src', 'assets', 'fonts');

/** fontsource's Latin and Latin Extended ranges, so other scripts' text falls back to the system fonts. */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

/**
 * Each family as the design uses it. `weight` is what the core file keeps (a range stays variable, a number
 * pins the variable font to one static instance); `fallback` is the local font whose metrics the fallback face
 * is adjusted to, with its average advance over the same sample text (measured from Liberation Sans and
 * Liberation Serif, which are metric-compatible with Arial and Times New Roman).
 */
const FAMILIES = [
  {
    family: 'Inter Variable',
    file: 'inter',
    latin: require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
    latinExt: require.resolve('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2'),
    weight: { min: 400, max: 700 },
    fallback: { family: 'Inter Fallback', local: ['Arial', 'Liberation Sans', 'Helvetica'], advance: 0.4469 },
  },
  {
    family: 'Fraunces Variable',
    file: 'fraunces',
    latin: require.resolve('@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'),
    latinExt: require.resolve('@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2'),
    weight: 600,
    fallback: {
      family: 'Fraunces Fallback',
      local: ['Times New Roman', 'Liberation Serif', 'Times'],
      advance: 0.4052,
    },
  },
];

const codePoints = (ranges) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, index) => from + index));
const coreText = String.fromCodePoint(...codePoints(CORE_RANGES));

mkdirSync(out, { recursive: true });
const rules = [];
for (const { family, file, latin: latinFile, latinExt, weight, fallback } of FAMILIES) {
  const latin = readFileSync(latinFile);
  // Without layout closure the core keeps the glyphs of its characters only, not every alternate an OpenType
  // feature could swap in: a third smaller, and the page's text renders the same.
  const options = { noLayoutClosure: true, variationAxes: { wght: weight } };
  const core = await subsetFont(latin, coreText, { ...options, targetFormat: 'woff2' });
  writeFileSync(path.join(out, `${file}-core.woff2`), core);
  copyFileSync(latinFile, path.join(out, `${file}-latin.woff2`));
  copyFileSync(latinExt, path.join(out, `${file}-latin-ext.woff2`));
  const metrics = fontMetrics(await subsetFont(latin, coreText, { ...options, targetFormat: 'sfnt' }));
  rules.push(
    fontFaceRules({
      family,
      weight: typeof weight === 'number' ? `${weight}` : `${weight.min} ${weight.max}`,
      faces: [
        { url: `./${file}-latin-ext.woff2`, unicodeRange: LATIN_EXT },
        { url: `./${file}-latin.woff2`, unicodeRange: toUnicodeRange(rangesMinus(LATIN, CORE_RANGES)) },
        { url: `./${file}-core.woff2`, unicodeRange: toUnicodeRange(CORE_RANGES) },
      ],
      metrics,
      fallback,
    }),
  );
  console.log(`${file}-core.woff2: ${core.length} bytes`);
}
const cssFile = path.join(out, 'fonts.css');
const css = `/* Written by \`npm run fonts\` (scripts/subset-fonts.mjs): do not edit by hand. */\n${rules.join('\n')}`;
writeFileSync(
  cssFile,
  await prettier.format(css, { ...(await prettier.resolveConfig(cssFile)), filepath: cssFile }),
);
