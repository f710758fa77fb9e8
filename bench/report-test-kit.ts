/**
 * What bench/report's test files share: a whole bench run whose every target is met unless told otherwise, the
 * owner's edit, loads, phone visits of the landing page, and reading a row's cells back out of a rendered table.
 */
import type { CounterOnAndOff, LoadResult } from './api.ts';
import type { FirstViewLog } from './first-view-loads.ts';
import { median } from './median.ts';
import type { PageResult } from './page.ts';
import type { ApiRun, BenchResult } from './bench-result.ts';

export const load = (requestsPerSecond: number, p99Ms: number): LoadResult => ({
  requestsPerSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
  rounds: [requestsPerSecond],
  errors: 0,
  total: requestsPerSecond * 10,
  statuses: { 200: requestsPerSecond * 10 },
});

/** A load of several rounds, with the requests/s of each, in the order they ran. */
export const rounds = (...rates: number[]): LoadResult => ({
  ...load(median(rates), 20),
  rounds: rates,
});

const page = (lcpMs: number, tbtMs: number, scriptBytes = 70_000): PageResult => {
  const metrics = {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    fcpMs: 700,
    lcpMs,
    tbtMs,
    cls: 0,
    speedIndexMs: 700,
    totalBytes: 120_000,
    scriptBytes,
    requests: 7,
  };
  return { url: 'http://bench/', runs: [metrics], median: metrics, failingAudits: [], lighthouseJson: '{}' };
};

const run = (startPath: ApiRun['startPath'], guides: LoadResult, peakRssMb: number): ApiRun => ({
  startPath,
  guides,
  sendEmail: load(1500, 80),
  peakRssMb,
});

export function result(overrides: {
  tbtMs?: number;
  courseTbtMs?: number;
  guides?: LoadResult;
  firstStartRssMb?: number;
  pageCounter?: CounterOnAndOff;
  guidesCounter?: CounterOnAndOff;
}): BenchResult {
  const sizes = { raw: 1, gzip: 1, brotli: 1, files: [{ file: 'a', raw: 1, gzip: 1, brotli: 1 }] };
  return {
    date: '2026-01-01T00:00:00.000Z',
    machine: { cpus: 2, loadAverage: [0, 0, 0], node: 'v20', chromium: 'Chromium' },
    settings: { lighthouseRuns: 1, connections: 100, durationSeconds: 10, warmupSeconds: 3, rounds: 3 },
    bundle: { initialJs: sizes, initialCss: sizes, lazy: [] },
    pages: [
      {
        path: '/',
        ours: page(1200, overrides.tbtMs ?? 60),
        reference: page(1000, 20),
        textLength: { ours: 1, reference: 1 },
      },
      {
        path: '/course',
        ours: page(1100, overrides.courseTbtMs ?? 40),
        reference: page(1000, 20),
        textLength: { ours: 1, reference: 1 },
      },
    ],
    api: {
      helloWorld: load(40_000, 5),
      bareHono: load(20_000, 8),
      runs: [
        run('PGlite', overrides.guides ?? load(12_000, 12), 170),
        run('PGlite, first start (builds dist/)', load(12_000, 12), overrides.firstStartRssMb ?? 180),
        run('PostgreSQL', load(1000, 90), 120),
      ],
      pageViewCounter: {
        page: overrides.pageCounter ?? {
          on: rounds(9_800, 10_500, 9_000),
          off: rounds(10_000, 10_000, 10_000),
        },
        guides: overrides.guidesCounter ?? {
          on: rounds(12_000, 12_000, 12_000),
          off: rounds(12_000, 12_000, 12_000),
        },
      },
    },
  };
}

/** The owner's edit, served 1.9–2.4 s after each publish, and `/` in her words: every target met unless told. */
export const edited = (overrides: {
  tbtMs?: number;
  scriptBytes?: number;
}): NonNullable<BenchResult['editedPage']> => ({
  edit: {
    photo: { name: `${'a'.repeat(32)}.jpg`, bytes: 624_000 },
    publishToServedMs: [2100, 1900, 2400],
    medianMs: 2100,
  },
  page: {
    path: '/',
    ours: page(1200, overrides.tbtMs ?? 60, overrides.scriptBytes),
    reference: page(1000, 20),
    textLength: { ours: 1, reference: 1 },
  },
});

/** A visit with the given requests (moment and name), its hydration script requested `hydrateMs` into it. */
export const visit = (hydrateMs: number, requests: FirstViewLog['requests']): FirstViewLog => ({
  requests,
  firstPaintMs: 400,
  resources: [
    { name: 'index.js', startMs: 100, responseEndMs: 300 },
    { name: 'hydrate-landing.js', startMs: hydrateMs, responseEndMs: hydrateMs + 300 },
  ],
});
export const asBuilt: FirstViewLog['requests'] = [
  { moment: 'first view', name: 'fraunces-core.woff2' },
  { moment: 'first view', name: 'inter-core.woff2' },
  { moment: 'first view', name: 'hydrate-landing.js' },
  { moment: 'idle', name: 'signup-dialog.js' },
  { moment: 'dialog open', name: 'teaser-still-960.webp' },
  { moment: 'carousel near', name: 'fetch-guides.js' },
  { moment: 'carousel near', name: '@supabase/supabase-js' },
  { moment: 'carousel near', name: '/rest/v1/guides' },
];

/** The trimmed cells of the row whose first cell starts with `name` (in the `nth` table that has one). */
export function cells(report: string, name: string, nth = 0): string[] {
  const row = report.split('\n').filter((line) => line.startsWith(`| ${name}`))[nth];
  if (!row) throw new Error(`No row ${name} in:\n${report}`);
  return row
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** The "met" cell of the row whose first cell starts with `name` (in the `nth` table that has one). */
export const met = (report: string, name: string, nth = 0) => cells(report, name, nth).at(-1) ?? '';
