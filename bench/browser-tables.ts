// The report's tables of what a browser measured: each page beside the reference, the sign-up journey, the
// arrival at /course and a lesson's stream.
import type { CourseArrivalResult } from './course-arrival.ts';
import type { InteractionResult } from './interaction.ts';
import type { LessonStreamResult, PlaybackMetrics } from './lesson-stream.ts';
import { median } from './median.ts';
import type { OwnerEditResult } from './owner-edit.ts';
import type { PageBench } from './bench-result.ts';
import { type Judged, type Table, judging, kb, met, ms, percent, ratio } from './report-table.ts';
import { NOT_INDEXED, TARGETS } from './targets.ts';

/**
 * A page beside the reference. Given `edited`, it is `/` after the owner's edit, whose scripts are held to those of
 * `/` as shipped when the run measured it too (the published words come with the HTML, not with more script).
 */
export function pageTable(
  { path, ours, reference, textLength }: PageBench,
  edited?: { shipped: PageBench | undefined },
): Table {
  const label = edited ? `${path} after an edit` : path;
  const shipped = edited?.shipped?.ours.median;
  const o = ours.median;
  const r = reference.median;
  const scores = [
    ['performance', o.performance, r.performance],
    ['accessibility', o.accessibility, r.accessibility],
    ['best practices', o.bestPractices, r.bestPractices],
    ['SEO', o.seo, r.seo],
  ] as const;
  const full = (value: number) => value >= TARGETS.lighthouseScore;
  const held = scores.filter(([name]) => name !== 'SEO' || !NOT_INDEXED.includes(path));
  // The scores are one target ("each 100"): one row of the summary, each score in its own row here.
  const judged: Judged[] = [
    {
      what: `scores: ${held.map(([name]) => name).join(', ')}`,
      measured: held.map(([, value]) => value).join(', '),
      target: `${TARGETS.lighthouseScore} each`,
      met: met(held.every(([, value]) => full(value))),
    },
  ];
  const judge = judging(judged);
  return {
    title: `Page: Lighthouse mobile, median of ${ours.runs.length} runs (ours: ${label}, reference: hand-written static page)`,
    header: ['metric', 'ours', 'reference', 'ours/ref', 'target', 'met'],
    rows: [
      ...scores.map(([name, value, referenceValue]) =>
        held.some(([heldName]) => heldName === name)
          ? [name, String(value), String(referenceValue), '', `${TARGETS.lighthouseScore}`, met(full(value))]
          : [`${name} (noindex: not judged)`, String(value), String(referenceValue), '', '', ''],
      ),
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
      [
        'script bytes',
        kb(o.scriptBytes),
        kb(r.scriptBytes),
        '',
        ...(edited
          ? judge(
              'JS before interaction (script bytes)',
              shipped ? `${kb(o.scriptBytes)}, as shipped ${kb(shipped.scriptBytes)}` : kb(o.scriptBytes),
              `≤ ${path} as shipped`,
              shipped && o.scriptBytes <= shipped.scriptBytes,
            )
          : ['', '']),
      ],
      ['requests', String(o.requests), String(r.requests), '', '', ''],
      ['visible text', `${textLength.ours} chars`, `${textLength.reference} chars`, '', '', ''],
    ],
    group: `page ${label}`,
    judged,
  };
}

/** The owner's edits, each from its publish to `GET /` serving it: for information, no target. */
export function publishTable({ photo, publishToServedMs, medianMs }: OwnerEditResult): Table {
  return {
    title:
      `Owner's edit: from Publish (a version of her words and a ${kb(photo.bytes)} photo) to GET / serving it, ` +
      `polled every 50 ms, ${publishToServedMs.length} edits`,
    header: ['what', 'median', 'each edit'],
    rows: [
      ['Publish → new HTML served', ms(medianMs), publishToServedMs.map((value) => ms(value)).join(', ')],
    ],
    group: "owner's edit",
    judged: [],
  };
}

export function interactionTable({ runs, median: medians, hostStealShare }: InteractionResult): Table {
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

export function lessonStreamTable({ source, runs, median: medians }: LessonStreamResult): Table {
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

/** The adaptive stream of that lesson on the slower link: its longest stall in the first seconds after Play. */
export function slowLinkStreamTable(
  { windowSeconds, runs, median: medians }: NonNullable<LessonStreamResult['slowLink']>,
  source: LessonStreamResult['source'],
): Table {
  const judged: Judged[] = [];
  const judge = judging(judged);
  const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
  const row = (what: string, pick: (metrics: PlaybackMetrics) => number) => [
    what,
    ms(pick(medians)),
    range(runs.map(pick)),
  ];
  return {
    title: `The same ${source.seconds} s lesson, streamed, at 400 kbps each way, 400 ms RTT and 4× CPU (where it plays its slow-link MP4), the ${windowSeconds} s after Play, median of ${runs.length} plays`,
    header: ['metric', 'median', 'range', 'target', 'met'],
    rows: [
      [
        ...row(`longest stall in the ${windowSeconds} s after Play`, (one) => one.longestStallMs),
        ...judge(
          `longest stall in the ${windowSeconds} s after Play`,
          ms(medians.longestStallMs),
          `≤ ${ms(TARGETS.lessonSlowLinkLongestStallMs)}`,
          medians.longestStallMs <= TARGETS.lessonSlowLinkLongestStallMs,
        ),
      ],
      [...row(`time stalled in those ${windowSeconds} s`, (one) => one.stalledMs), '', ''],
      [...row('first frame after Play', (one) => one.firstFrameMs), '', ''],
      [
        `lesson seconds played in those ${windowSeconds} s`,
        `${medians.playedSeconds.toFixed(1)} s`,
        '',
        '',
        '',
      ],
      ["bytes of the lesson's video fetched by then", `${(medians.bytes / 1e6).toFixed(1)} MB`, '', '', ''],
    ],
    group: 'lesson stream at 400 kbps',
    judged,
  };
}

/** Which lesson came first in the course: the seeded MP4, or a real-size lesson streamed by the server's pipeline. */
type FirstLesson = 'seeded' | 'streamed';

const ARRIVALS: Record<FirstLesson, { title: string; group: string }> = {
  seeded: { title: 'the first lesson plays', group: 'arrival at /course' },
  streamed: {
    title:
      "the first lesson plays, with a real-size lesson first in the course (streamed: the ladder the owner's tool made with ffmpeg)",
    group: 'arrival, streamed lesson',
  },
};

/**
 * The arrival at /course. With the seeded lesson first, every step is judged; with the streamed one, only the
 * lesson playing (the titles and the poster are shown for comparison).
 */
export function courseArrivalTable(
  { runs, median: medians }: CourseArrivalResult,
  first: FirstLesson = 'seeded',
): Table {
  const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
  const judged: Judged[] = [];
  const judge = judging(judged);
  const row = (what: string, value: number, values: number[], targetMs: number | undefined) => [
    what,
    ms(value),
    range(values),
    ...(targetMs === undefined ? ['', ''] : judge(what, ms(value), `≤ ${ms(targetMs)}`, value <= targetMs)),
  ];
  const seededOnly = (targetMs: number) => (first === 'seeded' ? targetMs : undefined);
  const clicked = (what: string, values: number[]) => [what, ms(median(values)), range(values), '', ''];
  return {
    title: `Arrival at /course from the e-mail's link until ${ARRIVALS[first].title}, at 400 kbps, 400 ms RTT and 4× CPU, median of ${runs.length} visits (ms from the navigation's start)`,
    header: ['metric', 'median', 'range', 'target', 'met'],
    rows: [
      row(
        'lesson titles visible',
        medians.titlesMs,
        runs.map((run) => run.titlesMs),
        seededOnly(TARGETS.courseTitlesMs),
      ),
      row(
        "first lesson's picture visible (its poster, or the video's first frame)",
        medians.posterMs,
        runs.map((run) => run.posterMs),
        seededOnly(TARGETS.coursePosterMs),
      ),
      row(
        'lesson playing (Continue and Play tapped the moment each appears)',
        medians.playingMs,
        runs.map((run) => run.playingMs),
        TARGETS.coursePlayingMs,
      ),
      clicked(
        '"Continue to your course" tapped, the moment it appears',
        runs.map((run) => run.clickedMs),
      ),
      clicked(
        'Play tapped, the moment it appears',
        runs.map((run) => run.playTappedMs),
      ),
    ],
    group: ARRIVALS[first].group,
    judged,
  };
}
