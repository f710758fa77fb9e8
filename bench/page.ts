// Lighthouse in Debian's Chromium: default mobile emulation and simulated throttling, medians over several runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { median } from './median.ts';

interface PageMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  scriptBytes: number;
  requests: number;
}

export interface PageResult {
  url: string;
  runs: PageMetrics[];
  median: PageMetrics;
  /** Audits below a full score in the run closest to the median LCP: the leads a profile starts from. */
  failingAudits: string[];
  /** That run's full Lighthouse report (JSON), to open in the Lighthouse viewer. */
  lighthouseJson: string;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function medianOf(runs: PageMetrics[]): PageMetrics {
  const of = (key: keyof PageMetrics) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    speedIndexMs: of('speedIndexMs'),
    totalBytes: of('totalBytes'),
    scriptBytes: of('scriptBytes'),
    requests: of('requests'),
  };
}

interface OneRun {
  metrics: PageMetrics;
  failingAudits: string[];
  lighthouseJson: string;
}

async function runOnce(url: string, chromePath: string): Promise<OneRun> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary = lhr.audits['resource-summary']?.details;
    const items = summary && summary.type === 'table' ? summary.items : [];
    const row = (type: string) => items.find((item) => item.resourceType === type);
    const count = (value: unknown) => (typeof value === 'number' ? value : 0);
    const failingAudits = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
        .map((audit) => `${category.id}: ${audit?.id} (${audit?.displayValue ?? audit?.score})`),
    );
    return {
      metrics: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        speedIndexMs: numeric('speed-index'),
        totalBytes: numeric('total-byte-weight'),
        scriptBytes: count(row('script')?.transferSize),
        requests: count(row('total')?.requestCount),
      },
      failingAudits,
      lighthouseJson: typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated. */
async function runWithRetries(url: string, chromePath: string, log: (line: string) => void): Promise<OneRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, chromePath);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`  ${String(error)}; trying again`);
    }
  }
}

/**
 * Measures each page `runs` times, interleaved (ours, reference, ours, …) so that noise from other work on
 * the machine falls on both alike.
 */
export async function measurePages(
  urls: string[],
  runs: number,
  log: (line: string) => void,
): Promise<PageResult[]> {
  const chromePath = findChromium();
  const perPage: OneRun[][] = urls.map(() => []);
  for (let run = 1; run <= runs; run += 1) {
    for (const [index, url] of urls.entries()) {
      const one = await runWithRetries(url, chromePath, log);
      perPage[index]?.push(one);
      log(
        `  run ${run}/${runs} ${url}: performance ${one.metrics.performance}, LCP ${Math.round(one.metrics.lcpMs)} ms`,
      );
    }
  }
  return urls.map((url, index) => {
    const all = perPage[index] ?? [];
    const med = medianOf(all.map((one) => one.metrics));
    const closest = [...all].sort(
      (a, b) => Math.abs(a.metrics.lcpMs - med.lcpMs) - Math.abs(b.metrics.lcpMs - med.lcpMs),
    )[0];
    return {
      url,
      runs: all.map((one) => one.metrics),
      median: med,
      failingAudits: closest?.failingAudits ?? [],
      lighthouseJson: closest?.lighthouseJson ?? '{}',
    };
  });
}
