// Makes the placeholder lessons of the course (decision 0022's recipe) from supabase/seeds/lessons.json: title
// cards in the site's look rendered by Chromium, a voice from espeak-ng, joined by ffmpeg into small H.264/AAC
// MP4s, with WebVTT captions of the same lines and a WebP poster, into supabase/storage/course/lessons/; then
// writes each one's duration (read back with ffprobe) into lessons.json and the rows into
// supabase/seeds/lessons.sql. Run by hand: `node scripts/make-placeholder-lessons.mjs` (needs chromium,
// espeak-ng and ffmpeg; Debian: `apt-get install -y chromium espeak-ng ffmpeg`), or with `--seed-only` to
// write lessons.sql alone after editing a title, a summary, a preview or the tags.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as prettier from 'prettier';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';
import {
  courseBucket,
  lessonFilePaths,
  readSeededLessons,
  seedDataFile,
  seedSql,
  seedSqlFile,
  thumbnailFolder,
} from './seeded-lessons.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 12;
const VOICE = ['-v', 'en-us', '-s', '150', '-p', '45'];
/** Silence before a card's first line, after every line, and added after a card's last line, in seconds. */
const PAUSE = { beforeCard: 0.5, afterLine: 0.4, afterCard: 0.6 };
const LENS_COLOURS = { trends: '#7c5cff', strengths: '#14b8a6', dreams: '#f5b83d' };

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

async function fontFace(family, file) {
  const data = await readFile(path.join(root, 'node_modules/@fontsource-variable', file));
  return `@font-face { font-family: '${family}'; font-weight: 100 900; src: url(data:font/woff2;base64,${data.toString('base64')}) format('woff2'); }`;
}

/** The three lenses as in the hero's illustration: the lit ones bright, the others a faint outline. */
function lensesSvg(lit) {
  const circles = [
    { name: 'trends', label: 'TRENDS', cx: 170, cy: 160, lx: 130, ly: 130 },
    { name: 'strengths', label: 'STRENGTHS', cx: 310, cy: 160, lx: 345, ly: 130 },
    { name: 'dreams', label: 'DREAMS', cx: 240, cy: 280, lx: 240, ly: 345 },
  ];
  const isLit = (name) => lit === 'all' || lit === 'centre' || lit === name;
  const fills = circles
    .map(
      (c) =>
        `<circle cx="${c.cx}" cy="${c.cy}" r="120" fill="${LENS_COLOURS[c.name]}" fill-opacity="${isLit(c.name) ? (lit === 'centre' ? 0.45 : 0.7) : 0.08}"/>`,
    )
    .join('');
  const rings = circles
    .map(
      (c) =>
        `<circle cx="${c.cx}" cy="${c.cy}" r="120" fill="none" stroke="#fff" stroke-opacity="${isLit(c.name) ? 0.6 : 0.25}" stroke-width="3"/>`,
    )
    .join('');
  const labels = circles
    .map(
      (c) =>
        `<text x="${c.lx}" y="${c.ly}" text-anchor="middle" fill="#fff" fill-opacity="${isLit(c.name) ? 1 : 0.45}">${c.label}</text>`,
    )
    .join('');
  const centre =
    lit === 'centre'
      ? '<circle cx="240" cy="200" r="16" fill="#fff"/><circle cx="240" cy="200" r="30" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>'
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 440" width="480" height="440" font-family="Inter" font-weight="700" font-size="19" letter-spacing="1"><g style="mix-blend-mode:screen">${fills}</g>${rings}${labels}${centre}</svg>`;
}

function cardHtml({ fonts, card, lessonNumber, lessonCount }) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
${fonts}
html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
body { position: relative; font-family: Inter; color: #f4f2ff;
  background: radial-gradient(circle at 15% 10%, #2b2468 0, transparent 60%), radial-gradient(circle at 95% 100%, #0f4d47 0, transparent 55%), #14132b; }
.copy { position: absolute; left: 90px; top: 0; bottom: 90px; width: 660px; display: flex; flex-direction: column; justify-content: center; }
.eyebrow { color: #f5b83d; font-size: 22px; font-weight: 600; letter-spacing: .14em; text-transform: uppercase; }
h1 { font-family: Fraunces; font-weight: 650; font-size: 62px; line-height: 1.08; margin: 18px 0 0; }
p { color: #c9c5ea; font-size: 27px; line-height: 1.45; margin: 24px 0 0; }
.lenses { position: absolute; right: 50px; top: 120px; }
footer { position: absolute; left: 90px; right: 90px; bottom: 56px; display: flex; justify-content: space-between; align-items: center; font-size: 21px; font-weight: 600; }
.brand { display: flex; align-items: center; gap: 10px; }
.dot { width: 14px; height: 14px; border-radius: 50%; display: inline-block; }
.count { color: #c9c5ea; font-weight: 500; }
</style></head><body>
<div class="copy"><div class="eyebrow">${escapeHtml(card.eyebrow)}</div><h1>${escapeHtml(card.heading)}</h1><p>${escapeHtml(card.text)}</p></div>
<div class="lenses">${lensesSvg(card.lens)}</div>
<footer><div class="brand"><span class="dot" style="background:${LENS_COLOURS.dreams}"></span><span class="dot" style="background:${LENS_COLOURS.strengths}"></span><span class="dot" style="background:${LENS_COLOURS.trends}"></span><span style="margin-left:8px">Three Lenses</span></div><div class="count">Lesson ${lessonNumber} of ${lessonCount}</div></footer>
</body></html>`;
}

async function secondsOf(file) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`ffprobe found no duration in ${file}`);
  return seconds;
}

function vttTime(seconds) {
  const ms = Math.round(seconds * 1000);
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Renders a lesson's cards and voice, then joins them; returns the lesson's caption cues. */
async function makeLesson({ lesson, lessonNumber, lessonCount, fonts, chromium, work }) {
  const cardInputs = [];
  const lineInputs = [];
  const cues = [];
  let clock = 0;
  for (const [cardIndex, card] of lesson.cards.entries()) {
    const htmlFile = path.join(work, `${lesson.slug}-${cardIndex}.html`);
    const pngFile = path.join(work, `${lesson.slug}-${cardIndex}.png`);
    await writeFile(htmlFile, cardHtml({ fonts, card, lessonNumber, lessonCount }));
    await run(chromium, [
      ...CHROMIUM_ARGS,
      '--headless',
      '--hide-scrollbars',
      `--window-size=${WIDTH},${HEIGHT}`,
      '--virtual-time-budget=3000',
      `--screenshot=${pngFile}`,
      pathToFileURL(htmlFile).href,
    ]);
    const spoken = [];
    for (const [lineIndex, line] of card.lines.entries()) {
      const wavFile = path.join(work, `${lesson.slug}-${cardIndex}-${lineIndex}.wav`);
      await run('espeak-ng', [...VOICE, '-w', wavFile, line]);
      spoken.push({ line, wavFile, seconds: await secondsOf(wavFile) });
    }
    const speaking = spoken.reduce((sum, { seconds }) => sum + seconds + PAUSE.afterLine, 0);
    // A whole number of frames per card keeps the pictures in step with the voice to the end.
    const cardSeconds = Math.ceil((PAUSE.beforeCard + speaking + PAUSE.afterCard) * FPS) / FPS;
    cardInputs.push({ pngFile, seconds: cardSeconds });
    let cardClock = 0;
    for (const [lineIndex, { line, wavFile, seconds }] of spoken.entries()) {
      const before = lineIndex === 0 ? PAUSE.beforeCard : 0;
      const isLast = lineIndex === spoken.length - 1;
      const slot = isLast ? cardSeconds - cardClock : before + seconds + PAUSE.afterLine;
      cues.push({ start: clock + cardClock + before, end: clock + cardClock + before + seconds, line });
      lineInputs.push({ wavFile, delayMs: Math.round(before * 1000), slot });
      cardClock += slot;
    }
    clock += cardSeconds;
  }

  const cardStarts = cardInputs.map((_, index) =>
    cardInputs
      .slice(0, index)
      .reduce((sum, { seconds }) => sum + seconds, 0)
      .toFixed(3),
  );
  const inputs = [
    ...cardInputs.flatMap(({ pngFile, seconds }) => [
      '-loop',
      '1',
      '-framerate',
      String(FPS),
      '-t',
      seconds.toFixed(4),
      '-i',
      pngFile,
    ]),
    ...lineInputs.flatMap(({ wavFile }) => ['-i', wavFile]),
  ];
  const video = `${cardInputs.map((_, index) => `[${index}:v]`).join('')}concat=n=${cardInputs.length}:v=1:a=0,format=yuv420p[v]`;
  const audio = lineInputs.map(
    ({ delayMs, slot }, index) =>
      `[${cardInputs.length + index}:a]adelay=delays=${delayMs}:all=1,apad=whole_dur=${slot.toFixed(4)}[a${index}]`,
  );
  const joined = `${lineInputs.map((_, index) => `[a${index}]`).join('')}concat=n=${lineInputs.length}:v=0:a=1[a]`;
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    [video, ...audio, joined].join(';'),
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-tune',
    'stillimage',
    '-crf',
    '32',
    // Adaptive quantisation spends most of a still card's bits on its soft background; the text needs them more.
    '-x264-params',
    'aq-mode=0',
    '-profile:v',
    'high',
    // A key frame where each card starts (and at least every 10 s) is all a seek needs; still cards need no more.
    '-force_key_frames',
    cardStarts.join(','),
    '-g',
    String(FPS * 10),
    '-c:a',
    'aac',
    '-b:a',
    '24k',
    '-ac',
    '1',
    '-ar',
    '22050',
    // Its index first, and sound and picture in half-second chunks, which keeps that index small.
    '-chunk_duration',
    '500000',
    '-movflags',
    '+faststart',
    path.join(courseBucket, lessonFilePaths(lesson).videoPath),
  ]);
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    cardInputs[0].pngFile,
    '-c:v',
    'libwebp',
    '-quality',
    '70',
    '-compression_level',
    '6',
    path.join(courseBucket, lessonFilePaths(lesson).posterPath),
  ]);
  if (lessonNumber === 1) {
    // The outline shows the first lesson's poster 160 px wide: /course is prerendered with this small copy.
    await mkdir(thumbnailFolder, { recursive: true });
    await run('ffmpeg', [
      ...['-y', '-loglevel', 'error', '-i', path.join(courseBucket, lessonFilePaths(lesson).posterPath)],
      ...['-vf', 'scale=480:-2', '-c:v', 'libwebp', '-quality', '70', '-compression_level', '6'],
      path.join(thumbnailFolder, `${lesson.slug}.webp`),
    ]);
  }
  return cues;
}

/** Writes the lessons back with their measured durations, formatted as the repository's other JSON. */
async function writeSeedData(lessons) {
  const options = await prettier.resolveConfig(seedDataFile);
  const json = await prettier.format(JSON.stringify(lessons, null, 2), {
    ...options,
    filepath: seedDataFile,
  });
  await writeFile(seedDataFile, json);
}

const HELP = `Usage: node scripts/make-placeholder-lessons.mjs [--seed-only]

Makes the placeholder lessons of supabase/seeds/lessons.json (video, captions, poster) into
supabase/storage/course/lessons/, records their durations in lessons.json and writes supabase/seeds/lessons.sql.
  --seed-only  only write supabase/seeds/lessons.sql from lessons.json (no chromium, espeak-ng or ffmpeg needed)`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.some((arg) => arg !== '--seed-only')) {
  console.log(HELP);
  process.exit(args.includes('--help') ? 0 : 1);
}
const lessons = readSeededLessons();
if (args.includes('--seed-only')) {
  await writeFile(seedSqlFile, seedSql(lessons));
  console.log(`${path.relative(root, seedSqlFile)}: ${lessons.length} lessons`);
  process.exit(0);
}

const chromium = findChromium();
const work = await mkdtemp(path.join(os.tmpdir(), 'lessons-'));
await mkdir(path.join(courseBucket, 'lessons'), { recursive: true });
const fonts = [
  await fontFace('Fraunces', 'fraunces/files/fraunces-latin-wght-normal.woff2'),
  await fontFace('Inter', 'inter/files/inter-latin-wght-normal.woff2'),
].join('\n');
const measured = [];
try {
  for (const [index, lesson] of lessons.entries()) {
    const lessonCount = lessons.length;
    const cues = await makeLesson({ lesson, lessonNumber: index + 1, lessonCount, fonts, chromium, work });
    const files = lessonFilePaths(lesson);
    const vtt = cues.map(
      ({ start, end, line }, cueIndex) => `${cueIndex + 1}\n${vttTime(start)} --> ${vttTime(end)}\n${line}\n`,
    );
    await writeFile(path.join(courseBucket, files.captionsPath), `WEBVTT\n\n${vtt.join('\n')}`);
    const seconds = Math.round(await secondsOf(path.join(courseBucket, files.videoPath)));
    measured.push({ ...lesson, durationSeconds: seconds });
    const sizes = await Promise.all(
      [files.videoPath, files.posterPath].map(
        async (file) => (await stat(path.join(courseBucket, file))).size,
      ),
    );
    console.log(`${lesson.slug}: ${seconds} s, video ${sizes[0]} bytes, poster ${sizes[1]} bytes`);
  }
  await writeSeedData(measured);
  await writeFile(seedSqlFile, seedSql(measured));
} finally {
  await rm(work, { recursive: true, force: true });
}
