// Makes the five placeholder lessons of the course (decision 0022's recipe): title cards in the site's look
// rendered by Chromium, a voice from espeak-ng, joined by ffmpeg into small H.264/AAC MP4s, with WebVTT captions
// of the same lines and a WebP poster, into supabase/storage/course/lessons/, and their rows (durations read
// back with ffprobe) into supabase/seeds/lessons.sql. Run by hand: `node scripts/make-placeholder-lessons.mjs`
// (needs chromium, espeak-ng and ffmpeg; Debian: `apt-get install -y chromium espeak-ng ffmpeg`).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const lessonsFolder = path.join(root, 'supabase/storage/course/lessons');
const seedFile = path.join(root, 'supabase/seeds/lessons.sql');

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 12;
const VOICE = ['-v', 'en-us', '-s', '150', '-p', '45'];
/** Silence before a card's first line, after every line, and added after a card's last line, in seconds. */
const PAUSE = { beforeCard: 0.5, afterLine: 0.4, afterCard: 0.6 };
const LENS_COLOURS = { trends: '#7c5cff', strengths: '#14b8a6', dreams: '#f5b83d' };

/**
 * `preview` lessons play for anyone without signing in; `speaksTo` names the sign-up questionnaire's options
 * (src/content/signup.ts: worries, age-group ids, strengths) a lesson speaks to, none for one meant for all.
 * Each card shows a heading and a short text beside the three lenses (one of them, all, or where they meet,
 * lit); its `lines` are spoken in turn and are the captions, one cue a line.
 */
const LESSONS = [
  {
    slug: 'why-three-lenses',
    preview: true,
    speaksTo: [],
    title: 'Why plan with three lenses',
    summary:
      'Nobody can predict the future, so the companies that stay ahead prepare for several. Meet the simple 3-lens framework they use, and why one lens is never enough.',
    cards: [
      {
        eyebrow: 'Lesson 1',
        heading: 'Why plan with three lenses',
        text: 'The simple 3-lens framework companies use to stay ahead.',
        lens: 'all',
        lines: ['Lesson one: why plan with three lenses.'],
      },
      {
        eyebrow: 'How companies plan',
        heading: 'Nobody can predict the future',
        text: 'Companies that stay ahead do not guess one future. They prepare for several.',
        lens: 'all',
        lines: [
          'Nobody can predict the future, not even the strategy teams at the biggest companies.',
          'So they stop guessing, and prepare for more than one possible future.',
        ],
      },
      {
        eyebrow: 'One lens is not enough',
        heading: 'Look through all three',
        text: 'Trends alone make you anxious. Strengths alone keep you where you are. Dreams alone stay dreams.',
        lens: 'all',
        lines: [
          'Looking through one lens is never enough.',
          'Trends alone make you anxious, strengths alone keep you where you are, and dreams alone stay dreams.',
        ],
      },
      {
        eyebrow: 'The three lenses',
        heading: 'Trends, strengths, dreams',
        text: 'What is changing around you, what you bring, and what moves you.',
        lens: 'all',
        lines: [
          'So we use three lenses: the trends around you, the strengths you bring, and the dreams that move you.',
        ],
      },
      {
        eyebrow: 'Coming up',
        heading: 'Where they meet, you find opportunities',
        text: 'In the next lessons we look through each lens in turn.',
        lens: 'centre',
        lines: [
          'Where the three overlap, you find opportunities worth your time.',
          'In the next lessons, we look through each lens in turn.',
        ],
      },
    ],
  },
  {
    slug: 'the-trends-lens',
    speaksTo: [
      'AI taking over jobs',
      'Automation',
      'Staying relevant',
      'Job security',
      'Climate change',
      'Cost of living',
      'Relocation',
      'Technology',
      'Tech skills',
      'Data analysis',
    ],
    title: 'Lens one: trends',
    summary:
      'How to spot the trends in technology, work and society that will impact your career, and why tasks change long before job titles do.',
    cards: [
      {
        eyebrow: 'Lesson 2 · Lens one',
        heading: 'Trends',
        text: 'How to spot trends that will impact your career.',
        lens: 'trends',
        lines: ['Lesson two. Lens one: trends.'],
      },
      {
        eyebrow: 'Lens one · Trends',
        heading: 'What is changing around you?',
        text: 'Technology, the way work is done, society, the planet.',
        lens: 'trends',
        lines: [
          'Start with what is changing around you: in technology, in how work is done, in society, and in the planet we live on.',
        ],
      },
      {
        eyebrow: 'Lens one · Trends',
        heading: 'Look at tasks, not job titles',
        text: 'AI changes the tasks inside a job long before it changes the job.',
        lens: 'trends',
        lines: [
          'Look at tasks, not job titles.',
          'AI and automation change the tasks inside a job long before the job itself disappears.',
        ],
      },
      {
        eyebrow: 'Lens one · Trends',
        heading: 'Collect signals',
        text: 'News from your field, new job adverts, what students learn, where companies spend.',
        lens: 'trends',
        lines: [
          'Collect signals: news from your field, new job adverts, what students are learning, and where companies spend their money.',
        ],
      },
      {
        eyebrow: 'Your turn',
        heading: 'Write down three trends',
        text: 'Three trends that will touch your work in the next five years.',
        lens: 'trends',
        lines: ['Your turn. Write down three trends that will touch your work in the next five years.'],
      },
    ],
  },
  {
    slug: 'the-strengths-lens',
    speaksTo: [
      'Starting my first job',
      'Career change',
      'under25',
      'Problem-solving',
      'Communication',
      'Creativity',
      'Leadership',
      'Empathy',
      'Mentoring',
      'Advisory',
      'Science',
      'Math',
      'Art & Design',
    ],
    title: 'Lens two: strengths',
    summary:
      'Take stock of the skills, subjects and experience you bring, including the ones you take for granted, and ask the people who know you.',
    cards: [
      {
        eyebrow: 'Lesson 3 · Lens two',
        heading: 'Strengths',
        text: 'The skills, subjects and experience you bring.',
        lens: 'strengths',
        lines: ['Lesson three. Lens two: strengths.'],
      },
      {
        eyebrow: 'Lens two · Strengths',
        heading: 'What do you bring that others value?',
        text: 'Your skills, your knowledge, your experience, the way you work.',
        lens: 'strengths',
        lines: [
          'Ask what you bring that other people value: your skills, your knowledge, your experience, and the way you work.',
        ],
      },
      {
        eyebrow: 'Lens two · Strengths',
        heading: 'Count what feels easy',
        text: 'What you do without effort is often what others find hard.',
        lens: 'strengths',
        lines: [
          'Count the things that feel easy to you.',
          'What you do without effort is often exactly what other people find hard.',
        ],
      },
      {
        eyebrow: 'Lens two · Strengths',
        heading: 'Ask three people',
        text: 'Ask three people who know you well: what do I do well?',
        lens: 'strengths',
        lines: ['Then ask three people who know you well a simple question: what do I do well?'],
      },
      {
        eyebrow: 'Your turn',
        heading: 'List five strengths',
        text: 'Five strengths, with one real example for each.',
        lens: 'strengths',
        lines: ['Your turn. List five strengths, with one real example for each.'],
      },
    ],
  },
  {
    slug: 'the-dreams-lens',
    speaksTo: [
      'Purpose & meaning',
      'Burnout',
      'Work/life balance',
      'Career change',
      'Music',
      'Drama/Theatre',
      'Writing',
      'Volunteering',
    ],
    title: 'Lens three: dreams',
    summary:
      'Bring back what you wanted to be as a child and name what matters to you today, so your plan is one you will want to follow.',
    cards: [
      {
        eyebrow: 'Lesson 4 · Lens three',
        heading: 'Dreams',
        text: 'What you wanted to be, and what matters to you now.',
        lens: 'dreams',
        lines: ['Lesson four. Lens three: dreams.'],
      },
      {
        eyebrow: 'Lens three · Dreams',
        heading: 'What did you want to be as a child?',
        text: 'The job title matters less than what drew you to it.',
        lens: 'dreams',
        lines: [
          'What did you want to be as a child?',
          'The job title matters less than what drew you to it: helping, building, exploring, or performing.',
        ],
      },
      {
        eyebrow: 'Lens three · Dreams',
        heading: 'What matters to you now?',
        text: 'Freedom, security, meaning, people, money: pick your top three.',
        lens: 'dreams',
        lines: [
          'Now ask what matters to you today.',
          'Freedom, security, meaning, people, money: pick your top three values.',
        ],
      },
      {
        eyebrow: 'Lens three · Dreams',
        heading: 'A plan you want to follow',
        text: 'Trends and strengths make a plan possible. Dreams make it yours.',
        lens: 'dreams',
        lines: [
          'Trends and strengths make a plan possible.',
          'Your dreams and values make it a plan you will actually follow.',
        ],
      },
      {
        eyebrow: 'Your turn',
        heading: 'Your dream and your values',
        text: 'Write your childhood dream and your three values side by side.',
        lens: 'dreams',
        lines: ['Your turn. Write down your childhood dream and your three values, side by side.'],
      },
    ],
  },
  {
    slug: 'from-opportunities-to-action',
    speaksTo: [
      'Career change',
      'Starting my first job',
      'Job security',
      'Cost of living',
      '55plus',
      '45-55',
      'Consulting',
      'Board work',
      'Strategy',
    ],
    title: 'From opportunities to action this week',
    summary:
      'Put the three lenses together, turn the trends into personal opportunities, and choose one small step to start taking action this week.',
    cards: [
      {
        eyebrow: 'Lesson 5',
        heading: 'From opportunities to action',
        text: 'Turn the trends into personal opportunities, and start this week.',
        lens: 'centre',
        lines: ['Lesson five. From opportunities to action.'],
      },
      {
        eyebrow: 'Where the lenses meet',
        heading: 'Find your opportunities',
        text: 'A trend that needs your strengths and feeds your dreams is an opportunity.',
        lens: 'centre',
        lines: [
          'Lay your three lists side by side.',
          'A trend that needs your strengths and feeds your dreams is a personal opportunity.',
        ],
      },
      {
        eyebrow: 'Choose',
        heading: 'Pick one, not ten',
        text: 'The opportunity you can test the soonest.',
        lens: 'centre',
        lines: ['Pick one opportunity, not ten: the one you can test the soonest.'],
      },
      {
        eyebrow: 'This week',
        heading: 'Take one small step',
        text: 'Talk to someone who does it, try a short course, or start a small project.',
        lens: 'centre',
        lines: [
          'Then take one small step this week.',
          'Talk to someone who already does it, try a short course, or start a small project.',
        ],
      },
      {
        eyebrow: 'Keep going',
        heading: 'Look again every few months',
        text: 'The world moves, and your plan should move with it.',
        lens: 'all',
        lines: [
          'Come back to your three lenses every few months.',
          'The world moves, and your plan should move with it. Thanks for watching.',
        ],
      },
    ],
  },
];

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

function cardHtml({ fonts, card, lessonNumber }) {
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
<footer><div class="brand"><span class="dot" style="background:${LENS_COLOURS.dreams}"></span><span class="dot" style="background:${LENS_COLOURS.strengths}"></span><span class="dot" style="background:${LENS_COLOURS.trends}"></span><span style="margin-left:8px">Three Lenses</span></div><div class="count">Lesson ${lessonNumber} of ${LESSONS.length}</div></footer>
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
async function makeLesson({ lesson, lessonNumber, fonts, chromium, work }) {
  const cardInputs = [];
  const lineInputs = [];
  const cues = [];
  let clock = 0;
  for (const [cardIndex, card] of lesson.cards.entries()) {
    const htmlFile = path.join(work, `${lesson.slug}-${cardIndex}.html`);
    const pngFile = path.join(work, `${lesson.slug}-${cardIndex}.png`);
    await writeFile(htmlFile, cardHtml({ fonts, card, lessonNumber }));
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
    '-movflags',
    '+faststart',
    path.join(lessonsFolder, `${lesson.slug}.mp4`),
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
    path.join(lessonsFolder, `${lesson.slug}.webp`),
  ]);
  return cues;
}

const sqlText = (text) => `'${text.replaceAll("'", "''")}'`;
const sqlTextArray = (texts) =>
  texts.length === 0 ? 'array[]::text[]' : `array[${texts.map(sqlText).join(', ')}]`;

function seedSql(rows) {
  const values = rows
    .map(
      ({ lesson, seconds }, index) =>
        `  (${[
          sqlText(lesson.slug),
          sqlText(lesson.title),
          sqlText(lesson.summary),
          sqlText(`lessons/${lesson.slug}.mp4`),
          sqlText(`lessons/${lesson.slug}.vtt`),
          sqlText(`lessons/${lesson.slug}.webp`),
          seconds,
          index + 1,
          lesson.preview === true,
          sqlTextArray(lesson.speaksTo),
        ].join(', ')})`,
    )
    .join(',\n');
  return `-- Written by scripts/make-placeholder-lessons.mjs: the placeholder lessons, published, for a new installation.
-- Their files are in supabase/storage/course/lessons/ (uploaded by \`supabase seed buckets\`, copied by the
-- embedded server). Inserted only into an empty table, so running this again never duplicates a lesson.
insert into public.lessons
  (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, is_published,
   is_preview, speaks_to)
select slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, true,
  is_preview, speaks_to
from (values
${values}
) as sample (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index,
  is_preview, speaks_to)
where not exists (select 1 from public.lessons);
`;
}

const chromium = findChromium();
const work = await mkdtemp(path.join(os.tmpdir(), 'lessons-'));
await mkdir(lessonsFolder, { recursive: true });
const fonts = [
  await fontFace('Fraunces', 'fraunces/files/fraunces-latin-wght-normal.woff2'),
  await fontFace('Inter', 'inter/files/inter-latin-wght-normal.woff2'),
].join('\n');
const rows = [];
try {
  for (const [index, lesson] of LESSONS.entries()) {
    const cues = await makeLesson({ lesson, lessonNumber: index + 1, fonts, chromium, work });
    const vtt = cues.map(
      ({ start, end, line }, cueIndex) => `${cueIndex + 1}\n${vttTime(start)} --> ${vttTime(end)}\n${line}\n`,
    );
    await writeFile(path.join(lessonsFolder, `${lesson.slug}.vtt`), `WEBVTT\n\n${vtt.join('\n')}`);
    const seconds = Math.round(await secondsOf(path.join(lessonsFolder, `${lesson.slug}.mp4`)));
    rows.push({ lesson, seconds });
    const sizes = await Promise.all(
      ['mp4', 'webp'].map(
        async (ext) => (await stat(path.join(lessonsFolder, `${lesson.slug}.${ext}`))).size,
      ),
    );
    console.log(`${lesson.slug}: ${seconds} s, video ${sizes[0]} bytes, poster ${sizes[1]} bytes`);
  }
  await mkdir(path.dirname(seedFile), { recursive: true });
  await writeFile(seedFile, seedSql(rows));
} finally {
  await rm(work, { recursive: true, force: true });
}
