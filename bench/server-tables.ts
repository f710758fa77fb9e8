// The report's tables of what the server sends and how fast: the bundle's bytes and the API under load.
import type { CounterOnAndOff, LoadResult } from './api.ts';
import type { BenchResult } from './bench-result.ts';
import type { BundleReport, Sizes } from './bundle-size.ts';
import { median } from './median.ts';
import { type Judged, type Table, judging, kb, ms } from './report-table.ts';
import { BUDGET, TARGETS } from './targets.ts';

export function bundleTable(bundle: BundleReport): Table {
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

export function apiTable(
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
