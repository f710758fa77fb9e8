// The sign-up journey in Chromium at 4× slower CPU and slow 4G: how fast the page answers each click.
import { readFileSync } from 'node:fs';
import { type Browser, type Page, chromium } from '@playwright/test';
import { z } from 'zod';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { median } from './median.ts';
import { throttleLikeASlowPhone } from './slow-phone.ts';

interface InteractionMetrics {
  /** From the click on the hero button to the first frame that holds the dialog. */
  firstOpenMs: number;
  /** The same from a later click (the locked-course button), once the dialog has been open before. */
  laterOpenMs: number;
  /** The longest input event of the journey (Event Timing API, as INP counts them: input to next paint). */
  slowestInputMs: number;
  /** Which event that was and on what, e.g. `click on "Next"`. */
  slowestInputType: string;
}

export interface InteractionResult {
  url: string;
  runs: InteractionMetrics[];
  median: InteractionMetrics;
  /**
   * The share of the host's CPU time taken by other guests of its virtual machine host ("steal") while the
   * journeys ran; null where /proc/stat cannot tell. Every millisecond here is one the page did not get.
   */
  hostStealShare: number | null;
}

/** A visitor reads the first screen before the first click; the click comes this long after hydration. */
const READING_MS = 2000;
const PHONE = { width: 375, height: 667 };
const OPENERS = ['Sign up free and watch instantly', 'Play Full Course (locked)'];

/**
 * Installed before any page script: records every input event the Event Timing API reports, and for each
 * click on a dialog opener the time until the first animation frame in which the dialog is shown (one kept in
 * the page but hidden does not count; the frame's time is taken before the check, whose style pass the frame
 * would do anyway).
 * It runs in the browser, not in Node, so it is kept as source text: the bench's TypeScript has no DOM types.
 * Entries with an interactionId are the visitor's own inputs (clicks, keys), the ones INP counts; hover events
 * such as pointerout have none.
 */
const PROBE = `
(() => {
  const openers = ${JSON.stringify(OPENERS)};
  const record = { events: [], opens: [] };
  window.__interaction = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId > 0) {
        const target = (entry.target && entry.target.textContent || '').trim().slice(0, 40);
        record.events.push({ type: entry.name + ' on "' + target + '"', duration: entry.duration });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    if (!button || !openers.includes(button.textContent.trim())) return;
    const clickedAt = event.timeStamp;
    const waitForDialog = () => {
      const frameAt = performance.now();
      const dialog = document.querySelector('[role="dialog"]');
      if (dialog && dialog.checkVisibility()) record.opens.push(frameAt - clickedAt);
      else requestAnimationFrame(waitForDialog);
    };
    requestAnimationFrame(waitForDialog);
  }, { capture: true });
})();
`;

const recordingSchema = z.object({
  events: z.array(z.object({ type: z.string(), duration: z.number() })),
  opens: z.array(z.number()),
});

/** React tags the DOM nodes it has taken over with a `__reactFiber$…` property: wait for the sign-up form's. */
async function waitForHydration(page: Page) {
  const form = page.locator('#signup form');
  const deadline = Date.now() + 30_000;
  const hydrated = () =>
    form.evaluate((element: object) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
  while (!(await hydrated())) {
    if (Date.now() > deadline) throw new Error('The page did not hydrate within 30 s.');
    await page.waitForTimeout(50);
  }
}

/** One visitor: open from the hero, answer the five steps, submit (the answer is held), close, open again. */
async function runOnce(browser: Browser, url: string): Promise<InteractionMetrics> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: false });
  try {
    const page = await context.newPage();
    await throttleLikeASlowPhone(page);
    await page.addInitScript(PROBE);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/functions/v1/send-email', async (route) => {
      await held;
      await route.fulfill({ json: { ok: true } }).catch(() => undefined);
    });

    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await waitForHydration(page);
    await page.waitForTimeout(READING_MS);

    await page.getByRole('button', { name: OPENERS[0] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    const next = () => dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await next();
    for (const worry of ['Burnout', 'Automation', 'Job security'])
      await dialog.getByRole('checkbox', { name: worry }).click();
    await next();
    await dialog.getByRole('textbox').click();
    await page.keyboard.type('Astronaut');
    await next();
    await dialog.getByRole('radio', { name: '25–44' }).click();
    for (const strength of ['Strategy', 'Data analysis'])
      await dialog.getByRole('checkbox', { name: strength }).click();
    await next();
    await dialog.getByRole('textbox', { name: 'Your name' }).click();
    await page.keyboard.type('Ada Lovelace');
    await dialog.getByRole('textbox', { name: 'Your email' }).click();
    await page.keyboard.type('ada@example.com');
    await dialog.getByRole('button', { name: 'Show Me My Free Course' }).click();
    await dialog.getByRole('button', { name: 'Sending...' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: OPENERS[1] }).click();
    await dialog.waitFor();
    // Event Timing reports an event once its next frame is painted: give the last one a moment.
    await page.waitForTimeout(500);
    release();

    const recorded = recordingSchema.parse(await page.evaluate('window.__interaction'));
    const slowest = recorded.events.reduce(
      (worst, event) => (event.duration > worst.duration ? event : worst),
      { type: 'none', duration: 0 },
    );
    const [firstOpenMs, laterOpenMs] = recorded.opens;
    if (firstOpenMs === undefined || laterOpenMs === undefined)
      throw new Error(`The dialog was seen to open ${recorded.opens.length} times, not 2.`);
    return { firstOpenMs, laterOpenMs, slowestInputMs: slowest.duration, slowestInputType: slowest.type };
  } finally {
    await context.close();
  }
}

/** The CPU time counters of the host, summed over its CPUs (Linux's /proc/stat); null elsewhere. */
export function readCpuTimes(): { steal: number; total: number } | null {
  try {
    const [cpuLine = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const counters = cpuLine.trim().split(/\s+/).slice(1, 9).map(Number);
    if (!cpuLine.startsWith('cpu ') || counters.length < 8 || counters.some(Number.isNaN)) return null;
    return { steal: counters[7] ?? 0, total: counters.reduce((sum, value) => sum + value, 0) };
  } catch {
    return null;
  }
}

/** The median of each number over the journeys, and the kind of event that was slowest in the worst one. */
export function summariseJourneys(
  url: string,
  runs: InteractionMetrics[],
  hostStealShare: number | null = null,
): InteractionResult {
  const slowestRun = runs.reduce((worst, run) => (run.slowestInputMs > worst.slowestInputMs ? run : worst));
  return {
    url,
    runs,
    median: {
      firstOpenMs: median(runs.map((run) => run.firstOpenMs)),
      laterOpenMs: median(runs.map((run) => run.laterOpenMs)),
      slowestInputMs: median(runs.map((run) => run.slowestInputMs)),
      slowestInputType: slowestRun.slowestInputType,
    },
    hostStealShare,
  };
}

/** The journey `runs` times, each in a fresh browser context (empty cache), summarised. */
export async function measureInteraction(url: string, runs: number): Promise<InteractionResult> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const results: InteractionMetrics[] = [];
    const before = readCpuTimes();
    for (let run = 0; run < runs; run += 1) results.push(await runOnce(browser, url));
    const after = readCpuTimes();
    const elapsed = before && after ? after.total - before.total : 0;
    const steal = before && after && elapsed > 0 ? (after.steal - before.steal) / elapsed : null;
    return summariseJourneys(url, results, steal);
  } finally {
    await browser.close();
  }
}
