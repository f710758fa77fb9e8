// Turns the bench's measurements into tables (Markdown, aligned so the terminal shows them as they are): the full
// tables, printed by the run and kept in bench/results/, and a summary of the targets alone for docs/performance.md.
import type { CounterOnAndOff, LoadResult } from './api.ts';
import type { BundleReport, Sizes } from './bundle-size.ts';
import type { CourseArrivalResult } from './course-arrival.ts';
import {
  type FirstViewMetrics,
  type FirstViewResult,
  LATEST_HYDRATION_MS,
  readFirstView,
} from './first-view-loads.ts';
import type { InteractionResult } from './interaction.ts';
import type { LessonStreamResult } from './lesson-stream.ts';
import { median } from './median.ts';
import type { PageResult } from './page.ts';
import { BUDGET, KB, TARGETS } from './targets.ts';

export interface ApiRun {
  /** The start path: which database, and whether that start built the site first. */
  startPath: 'PGlite' | 'PGlite, first start (builds dist/)' | 'PostgreSQL';
  guides: LoadResult;
  sendEmail: LoadResult;
  peakRssMb: number | undefined;
}

export interface BenchResult {
  date: string;
  machine: { cpus: number; loadAverage: number[]; node: string; chromium: string };
  settings: {
    lighthouseRuns: number;
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    rounds: number;
  };
  bundle: BundleReport;
  /** Each of our pages beside the same reference page, measured in one Lighthouse run. */
  pages?: PageBench[];
  interaction?: InteractionResult;
  /** What the landing page loads on a phone, and when. */
  firstView?: FirstViewResult;
  /** /course opened from the e-mail's link on a slow phone: when the titles and the first poster show. */
  courseArrival?: CourseArrivalResult;
  /** A real-size lesson played as an adaptive stream and as the progressive MP4, on a slow phone. */
  lessonStream?: LessonStreamResult;
  api?: {
    helloWorld: LoadResult;
    /** The bare Hono app with our guides answer, loaded in turns with PGlite's guides read. */
    bareHono: LoadResult;
    runs: ApiRun[];
    /** On PGlite, GET / as a browser's navigation and GET guides, each with the page-view counter on and off. */
    pageViewCounter: { page: CounterOnAndOff; guides: CounterOnAndOff };
  };
}

interface PageBench {
  /** The page's path on our site: `/` or `/course`. */
  path: string;
  ours: PageResult;
  reference: PageResult;
  textLength: { ours: number; reference: number };
}

/** One target of a run, as the summary shows it: what was judged, the value judged, the target, whether met. */
interface Judged {
  what: string;
  measured: string;
  target: string;
  met: string;
}

interface Table {
  title: string;
  header: string[];
  rows: string[][];
  /** The summary's short name for the part of the bench the table reports, e.g. `page /` or `API`. */
  group: string;
  /** The table's rows that have a target, in its order. */
  judged: Judged[];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const percent = (share: number) => `${Math.round(share * 100)} %`;
const ratio = (ours: number, reference: number) =>
  reference > 0 ? `${(ours / reference).toFixed(2)}×` : 'n/a';
const met = (ok: boolean) => (ok ? 'yes' : 'NO');

/**
 * A table's judge: records a target for the summary (`ok` undefined when there was nothing to judge) and returns
 * the full table's target and met cells, so both say the same.
 */
function judging(judged: Judged[]) {
  return (what: string, measured: string, target: string, ok: boolean | undefined): string[] => {
    const cell = ok === undefined ? '' : met(ok);
    judged.push({ what, measured, target, met: cell });
    return [target, cell];
  };
}

function pageTable({ path, ours, reference, textLength }: PageBench): Table {
  const o = ours.median;
  const r = reference.median;
  const scores = [
    ['performance', o.performance, r.performance],
    ['accessibility', o.accessibility, r.accessibility],
    ['best practices', o.bestPractices, r.bestPractices],
    ['SEO', o.seo, r.seo],
  ] as const;
  const full = (value: number) => value >= TARGETS.lighthouseScore;
  // The four scores are one target ("all four 100"): one row of the summary, each score in its own row here.
  const judged: Judged[] = [
    {
      what: `scores: ${scores.map(([name]) => name).join(', ')}`,
      measured: scores.map(([, value]) => value).join(', '),
      target: `${TARGETS.lighthouseScore} each`,
      met: met(scores.every(([, value]) => full(value))),
    },
  ];
  const judge = judging(judged);
  return {
    title: `Page: Lighthouse mobile, median of ${ours.runs.length} runs (ours: ${path}, reference: hand-written static page)`,
    header: ['metric', 'ours', 'reference', 'ours/ref', 'target', 'met'],
    rows: [
      ...scores.map(([name, value, referenceValue]) => [
        name,
        String(value),
        String(referenceValue),
        '',
        `${TARGETS.lighthouseScore}`,
        met(full(value)),
      ]),
      ['FCP', ms(o.fcpMs), ms(r.fcpMs), ratio(o.fcpMs, r.fcpMs), '', ''],
      [
        'LCP',
        ms(o.lcpMs),
        ms(r.lcpMs),
        ratio(o.lcpMs, r.lcpMs),
        ...judge(
          'LCP',
          `${ms(o.lcpMs)}, ${ratio(o.lcpMs, r.lcpMs)} ref`,
          `≤ ${TARGETS.lcpRatio}× ref`,
          o.lcpMs <= TARGETS.lcpRatio * r.lcpMs,
        ),
      ],
      [
        'TBT',
        ms(o.tbtMs),
        ms(r.tbtMs),
        '',
        ...judge(
          'TBT',
          `${ms(o.tbtMs)}, ref ${ms(r.tbtMs)}`,
          `≤ ref + ${TARGETS.tbtOverReferenceMs} ms`,
          o.tbtMs <= r.tbtMs + TARGETS.tbtOverReferenceMs,
        ),
      ],
      [
        'CLS',
        o.cls.toFixed(3),
        r.cls.toFixed(3),
        '',
        ...judge('CLS', o.cls.toFixed(3), String(TARGETS.cls), o.cls <= TARGETS.cls),
      ],
      ['Speed Index', ms(o.speedIndexMs), ms(r.speedIndexMs), ratio(o.speedIndexMs, r.speedIndexMs), '', ''],
      ['total bytes', kb(o.totalBytes), kb(r.totalBytes), ratio(o.totalBytes, r.totalBytes), '', ''],
      ['script bytes', kb(o.scriptBytes), kb(r.scriptBytes), '', '', ''],
      ['requests', String(o.requests), String(r.requests), '', '', ''],
      ['visible text', `${textLength.ours} chars`, `${textLength.reference} chars`, '', '', ''],
    ],
    group: `page ${path}`,
    judged,
  };
}

function interactionTable({ runs, median: medians, hostStealShare }: InteractionResult): Table {
  const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
  // Both opens of a journey meet the same moment of the machine: compared within each journey, a busy moment
  // slows both and leaves their difference alone, where it would move one median and not the other.
  const firstOverLater = runs.map((run) => run.firstOpenMs - run.laterOpenMs);
  const firstOverLaterMedian = median(firstOverLater);
  const judged: Judged[] = [];
  const judge = judging(judged);
  return {
    title:
      `Interaction: the sign-up journey at 4× CPU and slow 4G, median of ${runs.length} runs` +
      (hostStealShare === null ? '' : ` (CPU time stolen by the host meanwhile: ${percent(hostStealShare)})`),
    header: ['metric', 'median', 'range', 'target', 'met'],
    rows: [
      [
        'dialog on screen after the first click',
        ms(medians.firstOpenMs),
        range(runs.map((run) => run.firstOpenMs)),
        ...judge(
          'dialog on screen after the first click',
          ms(medians.firstOpenMs),
          `≤ ${TARGETS.firstDialogOpenMs} ms`,
          medians.firstOpenMs <= TARGETS.firstDialogOpenMs,
        ),
      ],
      [
        'dialog on screen after a later click',
        ms(medians.laterOpenMs),
        range(runs.map((run) => run.laterOpenMs)),
        '',
        '',
      ],
      [
        'first click minus a later one, per journey',
        ms(firstOverLaterMedian),
        range(firstOverLater),
        ...judge(
          'first click minus a later one, per journey',
          ms(firstOverLaterMedian),
          `≤ 1 frame (${ms(TARGETS.probeResolutionMs)})`,
          firstOverLaterMedian <= TARGETS.probeResolutionMs,
        ),
      ],
      [
        `slowest input event (${medians.slowestInputType})`,
        ms(medians.slowestInputMs),
        range(runs.map((run) => run.slowestInputMs)),
        ...judge(
          `slowest input event (${medians.slowestInputType})`,
          ms(medians.slowestInputMs),
          `≤ ${TARGETS.slowestInputMs} ms`,
          medians.slowestInputMs <= TARGETS.slowestInputMs,
        ),
      ],
    ],
    group: 'interaction',
    judged,
  };
}

/**
 * One cell for the runs' values: the value when every run agrees, else each value with its count
 * (`0 requests ×2, 1 request ×1`).
 */
function acrossRuns(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  if (counts.size === 1) return values[0] ?? '';
  return [...counts].map(([value, count]) => `${value} ×${count}`).join(', ');
}

const requests = (count: number) => `${count} request${count === 1 ? '' : 's'}`;
const listed = (names: string[]) => (names.length === 0 ? 'none' : `${names.length}: ${names.join(', ')}`);
const sameList = (names: string[], expected: readonly string[]) =>
  names.length === expected.length && names.every((name, index) => name === expected[index]);

function firstViewTable({ runs }: FirstViewResult): Table {
  const measured = runs.map(readFirstView);
  const judged: Judged[] = [];
  const judge = judging(judged);
  // Every run must meet the target: load order is not a median, one visit that loads too early is one too many.
  const row = <T>(
    what: string,
    value: (run: FirstViewMetrics) => T,
    shown: (value: T) => string,
    target: string,
    ok: (value: T) => boolean,
  ) => {
    const values = measured.map(value);
    const cell = acrossRuns(values.map(shown));
    return [what, cell, ...judge(what, cell, target, values.every(ok))];
  };
  const none = (count: number) => count === 0;
  const deadline = `${LATEST_HYDRATION_MS / 1000} s deadline`;
  const margins = measured.flatMap((run) => (run.paintToHydrateMs === null ? [] : [run.paintToHydrateMs]));
  const signed = (value: number) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;
  return {
    title: `First view: what the landing page loads on a phone (390×844 at 2×) at 4× CPU and slow 4G, ${runs.length} visits`,
    header: ['what', 'measured', 'target', 'met'],
    rows: [
      row(
        'hydration script requested before the first paint',
        (run) => run.hydration,
        (hydration) =>
          ({
            'after the first paint': 'no',
            'at the deadline': `no (at the ${deadline})`,
            'before the first paint': 'yes',
            never: 'never requested',
          })[hydration],
        `no (or at the ${deadline})`,
        (hydration) => hydration === 'after the first paint' || hydration === 'at the deadline',
      ),
      [
        "from the first paint to the hydration script's request (median, range)",
        margins.length === 0
          ? 'n/a'
          : `${signed(median(margins))} (${signed(Math.min(...margins))} to ${signed(Math.max(...margins))})`,
        '',
        '',
      ],
      row(
        'first view fonts',
        (run) => run.fonts,
        listed,
        listed([...TARGETS.firstViewFonts]),
        (fonts) => sameList(fonts, TARGETS.firstViewFonts),
      ),
      row(
        'dialog code requested before the hydration script',
        (run) => run.dialogCodeBeforeHydration,
        requests,
        requests(0),
        none,
      ),
      row(
        'dialog code requested once idle, before any click',
        (run) => run.dialogCodeBeforeClick,
        (ok) => (ok ? 'yes' : 'no'),
        'yes',
        (ok) => ok,
      ),
      row(
        'dialog code fetched on the click or after',
        (run) => run.dialogCodeOnClick,
        requests,
        requests(0),
        none,
      ),
      row(
        'guides/supabase-js requested before the carousel is near',
        (run) => run.guidesBeforeNear,
        requests,
        requests(0),
        none,
      ),
      row(
        "guides/supabase-js requested while the hero's scroll passes the carousel behind the dialog",
        (run) => run.guidesBehindDialog,
        requests,
        requests(0),
        none,
      ),
      row(
        'guides read once the carousel is near',
        (run) => run.guidesWhenNear,
        requests,
        requests(1),
        (count) => count === 1,
      ),
      row(
        'phone downloads the hero illustration',
        (run) => run.heroIllustration,
        (count) => (count > 0 ? 'yes' : 'no'),
        'no',
        none,
      ),
      row(
        'teaser stills downloaded',
        (run) => run.teaserStills,
        listed,
        listed([TARGETS.phoneTeaserStill]),
        (stills) => sameList(stills, [TARGETS.phoneTeaserStill]),
      ),
    ],
    group: 'first view',
    judged,
  };
}

function lessonStreamTable({ source, runs, median: medians }: LessonStreamResult): Table {
  const judged: Judged[] = [];
  const judge = judging(judged);
  const { adaptive, progressive } = medians;
  const share = adaptive.bytes / source.bytes;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  return {
    title: `A ${source.seconds} s ${source.height}p lesson at ${source.videoKbps / 1000} Mbit/s (${mb(source.bytes)}) on slow 4G (1.6 Mbit/s, 150 ms RTT) and 4× CPU, median of ${runs.adaptive.length} plays each way`,
    header: ['metric', 'adaptive stream', 'progressive MP4 (before)', 'target', 'met'],
    rows: [
      [
        'first frame after Play',
        ms(adaptive.firstFrameMs),
        ms(progressive.firstFrameMs),
        ...judge(
          'lesson: first frame after Play',
          ms(adaptive.firstFrameMs),
          `≤ ${ms(TARGETS.lessonFirstFrameMs)}`,
          adaptive.firstFrameMs <= TARGETS.lessonFirstFrameMs,
        ),
      ],
      [
        'longest stall in the 45 s after Play',
        ms(adaptive.longestStallMs),
        ms(progressive.longestStallMs),
        ...judge(
          'lesson: longest stall',
          ms(adaptive.longestStallMs),
          `≤ ${ms(TARGETS.lessonLongestStallMs)}`,
          adaptive.longestStallMs <= TARGETS.lessonLongestStallMs,
        ),
      ],
      ['time stalled in those 45 s', ms(adaptive.stalledMs), ms(progressive.stalledMs), '', ''],
      [
        'lesson seconds played in those 45 s',
        `${adaptive.playedSeconds.toFixed(1)} s`,
        `${progressive.playedSeconds.toFixed(1)} s`,
        '',
        '',
      ],
      [
        "bytes fetched by then, share of the progressive file's",
        `${mb(adaptive.bytes)} (${percent(share)})`,
        `${mb(progressive.bytes)} (${percent(progressive.bytes / source.bytes)})`,
        ...judge(
          "lesson: bytes, share of the progressive file's",
          percent(share),
          `≤ ${percent(TARGETS.lessonBytesShare)}`,
          share <= TARGETS.lessonBytesShare,
        ),
      ],
    ],
    group: 'lesson stream',
    judged,
  };
}

function courseArrivalTable({ runs, median: medians }: CourseArrivalResult): Table {
  const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
  const clicks = runs.flatMap((run) => (run.clickedMs === null ? [] : [run.clickedMs]));
  const judged: Judged[] = [];
  const judge = judging(judged);
  const row = (what: string, value: number, values: number[], targetMs: number) => [
    what,
    ms(value),
    range(values),
    ...judge(what, ms(value), `≤ ${ms(targetMs)}`, value <= targetMs),
  ];
  return {
    title: `Arrival at /course from the e-mail's link at 400 kbps, 400 ms RTT and 4× CPU, median of ${runs.length} visits (ms from the navigation's start)`,
    header: ['metric', 'median', 'range', 'target', 'met'],
    rows: [
      row(
        'lesson titles visible',
        medians.titlesMs,
        runs.map((run) => run.titlesMs),
        TARGETS.courseTitlesMs,
      ),
      row(
        "first lesson's poster visible",
        medians.posterMs,
        runs.map((run) => run.posterMs),
        TARGETS.coursePosterMs,
      ),
      [
        '"Continue to your course" clicked (no poster without it)',
        clicks.length === 0 ? 'never' : `${clicks.length} of ${runs.length} visits, at ${range(clicks)}`,
        '',
        '',
        '',
      ],
    ],
    group: 'arrival at /course',
    judged,
  };
}

function bundleTable(bundle: BundleReport): Table {
  const sizes = (s: Sizes) => [kb(s.raw), kb(s.gzip), kb(s.brotli)];
  const judged: Judged[] = [];
  const judge = judging(judged);
  return {
    title: 'Bundle: bytes from the build manifest (gzip -9, brotli -q 11)',
    header: ['what', 'raw', 'gzip', 'brotli', 'budget (gzip)', 'met'],
    rows: [
      [
        `JS before interaction (${bundle.initialJs.files.length} files)`,
        ...sizes(bundle.initialJs),
        ...judge(
          'JS before interaction, gzip',
          kb(bundle.initialJs.gzip),
          `≤ ${kb(BUDGET.initialJsGzip)}`,
          bundle.initialJs.gzip <= BUDGET.initialJsGzip,
        ),
      ],
      [
        `CSS before interaction (${bundle.initialCss.files.length} files)`,
        ...sizes(bundle.initialCss),
        ...judge(
          'CSS before interaction, gzip',
          kb(bundle.initialCss.gzip),
          `≤ ${kb(BUDGET.initialCssGzip)}`,
          bundle.initialCss.gzip <= BUDGET.initialCssGzip,
        ),
      ],
      ...bundle.lazy.map((chunk) => [`lazy: ${chunk.name} (${chunk.file})`, ...sizes(chunk), '', '']),
    ],
    group: 'bundle',
    judged,
  };
}

function apiTable(
  { helloWorld, bareHono, runs, pageViewCounter }: NonNullable<BenchResult['api']>,
  rounds: number,
): Table {
  const errors = (result: LoadResult) =>
    result.errors === 0
      ? '0'
      : `${result.errors} (${Object.entries(result.statuses)
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, count]) => `${count}×${code}`)
          .join(', ')})`;
  // Not `judged`: below, that names whether a start path is judged on throughput.
  const targets: Judged[] = [];
  const judge = judging(targets);
  const rate = (result: LoadResult) => Math.round(result.requestsPerSecond).toLocaleString('en-US');
  /** A load's row; a judged one is in the summary as `what`, with its rate, p99 and errors (when any). */
  const line = (
    name: string,
    result: LoadResult,
    judgedAs?: { what: string; target: string; ok: boolean },
  ): string[] => [
    name,
    rate(result),
    ms(result.p50Ms),
    ms(result.p99Ms),
    errors(result),
    ...(judgedAs
      ? judge(
          judgedAs.what,
          `${rate(result)}/s, p99 ${ms(result.p99Ms)}` +
            (result.errors === 0 ? '' : `, errors ${errors(result)}`),
          judgedAs.target,
          judgedAs.ok,
        )
      : ['', '']),
  ];
  const single = (name: string, value: string, target: string, ok: boolean | undefined) => [
    name,
    value,
    '',
    '',
    '',
    ...judge(name, value, target, ok),
  ];
  const rows = [
    line('hello-world (node:http), for information', helloWorld),
    line(`bare Hono, our guides answer (${rounds} rounds)`, bareHono),
  ];
  for (const { startPath, guides, sendEmail, peakRssMb } of runs) {
    // The throughput targets are set on PGlite as `npm start` runs it; memory is judged on every start path.
    const judged = startPath === 'PGlite';
    const guidesShare =
      bareHono.requestsPerSecond > 0 ? guides.requestsPerSecond / bareHono.requestsPerSecond : 0;
    rows.push(
      judged
        ? line(`${startPath}: GET guides (${rounds} rounds, in turns with bare Hono)`, guides, {
            what: `${startPath}: GET guides`,
            target: `≥ ${TARGETS.guidesPerSecond.toLocaleString('en-US')}/s, p99 ≤ ${TARGETS.guidesP99Ms} ms`,
            ok:
              guides.errors === 0 &&
              guides.requestsPerSecond >= TARGETS.guidesPerSecond &&
              guides.p99Ms <= TARGETS.guidesP99Ms,
          })
        : line(`${startPath}: GET guides`, guides),
    );
    if (judged) {
      rows.push(
        single(
          `${startPath}: GET guides / bare Hono`,
          `${guidesShare.toFixed(2)}×`,
          `≥ ${TARGETS.guidesShareOfBareHono}×`,
          guidesShare >= TARGETS.guidesShareOfBareHono,
        ),
      );
    }
    rows.push(
      judged
        ? line(`${startPath}: POST send-email`, sendEmail, {
            what: `${startPath}: POST send-email`,
            target: `≥ ${TARGETS.signupsPerSecond.toLocaleString('en-US')}/s, p99 ≤ ${TARGETS.signupP99Ms} ms`,
            ok:
              sendEmail.errors === 0 &&
              sendEmail.requestsPerSecond >= TARGETS.signupsPerSecond &&
              sendEmail.p99Ms <= TARGETS.signupP99Ms,
          })
        : line(`${startPath}: POST send-email`, sendEmail),
      single(
        `${startPath}: server peak RSS`,
        peakRssMb === undefined ? 'n/a' : `${peakRssMb} MB`,
        `≤ ${TARGETS.serverRssMb} MB`,
        peakRssMb === undefined ? undefined : peakRssMb <= TARGETS.serverRssMb,
      ),
    );
  }
  // Each round loads both servers back to back, so a round's ratio cancels what the machine did meanwhile.
  const counterRows = (what: string, { on, off }: CounterOnAndOff): string[][] => {
    const ratios = on.rounds.map((rate, round) => {
      const offRate = off.rounds[round] ?? 0;
      return offRate > 0 ? rate / offRate : 0;
    });
    const share = median(ratios);
    const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`;
    return [
      line(`PGlite: ${what}, counter on (${rounds} rounds, in turns with off)`, on),
      line(`PGlite: ${what}, counter off (COUNT_PAGE_VIEWS=false)`, off),
      single(
        `PGlite: ${what}: counter on / off`,
        `${share.toFixed(2)}× (rounds ${range})`,
        `median of rounds ≥ ${TARGETS.pageViewCountShare}×`,
        on.errors === 0 && off.errors === 0 && share >= TARGETS.pageViewCountShare,
      ),
    ];
  };
  rows.push(
    ...counterRows('GET / (navigation)', pageViewCounter.page),
    ...counterRows('GET guides', pageViewCounter.guides),
  );
  return {
    title:
      'API: autocannon, requests/s (median of rounds) and latency; memory of the server process only (PostgreSQL runs in its own processes)',
    header: ['what', 'req/s', 'p50', 'p99', 'errors', 'target', 'met'],
    rows,
    group: 'API',
    judged: targets,
  };
}

/** A Markdown table, each column padded to its widest cell. */
function renderGrid(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

function tablesOf(result: BenchResult): Table[] {
  return [
    ...(result.pages ?? []).map(pageTable),
    ...(result.interaction ? [interactionTable(result.interaction)] : []),
    ...(result.firstView ? [firstViewTable(result.firstView)] : []),
    ...(result.courseArrival ? [courseArrivalTable(result.courseArrival)] : []),
    ...(result.lessonStream ? [lessonStreamTable(result.lessonStream)] : []),
    bundleTable(result.bundle),
    ...(result.api ? [apiTable(result.api, result.settings.rounds)] : []),
  ];
}

const loadAverage = ({ machine }: BenchResult) => machine.loadAverage.map((n) => n.toFixed(2)).join(' ');

/** Every table of the run, each measurement with its reference and target where it has them. */
export function renderReport(result: BenchResult): string {
  const { machine, settings } = result;
  const failing = (result.pages ?? []).flatMap(({ path, ours }) =>
    ours.failingAudits.map((audit) => `${path}: ${audit}`),
  );
  return [
    `## npm run bench — ${result.date}`,
    '',
    `${machine.cpus} CPUs, load average ${loadAverage(result)} at start, ` +
      `Node ${machine.node}, ${machine.chromium}; ${settings.lighthouseRuns} Lighthouse runs per page; ` +
      `autocannon ${settings.connections} connections, ${settings.durationSeconds} s per round after a ${settings.warmupSeconds} s warm-up.`,
    '',
    tablesOf(result)
      .map(({ title, header, rows }) => [`### ${title}`, '', renderGrid(header, rows)].join('\n'))
      .join('\n\n'),
    ...(failing.length > 0
      ? ['', 'Audits of ours below full score (median run):', '', ...failing.map((a) => `- ${a}`)]
      : []),
    '',
  ].join('\n');
}

/**
 * The targets alone, one row each, grouped by the part of the bench that judged them, under a line that says
 * when and where they were measured and where the full tables are (`fullTables`, the file the run wrote them to).
 */
export function renderSummary(result: BenchResult, fullTables: string): string {
  const { machine } = result;
  const rows = tablesOf(result).flatMap(({ group, judged }) =>
    judged.map(({ what, measured, target, met }, index) => [
      index === 0 ? group : '',
      what,
      measured,
      target,
      met,
    ]),
  );
  return [
    `Measured ${result.date}: ${machine.cpus} CPUs, load average ${loadAverage(result)} at start, ` +
      `${machine.chromium}. Targets only: the full tables are printed by the run and kept locally ` +
      `(git ignores bench/results/) in \`${fullTables}\`.`,
    '',
    renderGrid(['', 'what', 'measured', 'target', 'met'], rows),
    '',
  ].join('\n');
}
