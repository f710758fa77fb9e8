// What the landing page loads on a phone, and when: which files come before the first paint, which wait for the
// browser to be idle or for the visitor to come near, and which never come. The order moves with the machine's
// speed, so it is measured and reported here, not asserted by the e2e specs.
import path from 'node:path';
import { type Browser, type Page, type Request, chromium } from '@playwright/test';
import { z } from 'zod';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import type { Manifest } from './bundle-size.ts';
import { throttleLikeASlowPhone } from './slow-phone.ts';

/** The steps of the visit, in order; each request is logged with the step it was made in. */
export type Moment =
  /** From the navigation until the page has loaded, hydrated and its fonts are ready. */
  | 'first view'
  /** Before any click, while the browser is idle. */
  | 'idle'
  /** From the click on the hero's sign-up button while the page behind the dialog scrolls down past the carousel. */
  | 'dialog open'
  /** The dialog closed, the visitor scrolls the carousel into view. */
  | 'carousel near'
  /** The visitor scrolls the teaser's still into view. */
  | 'teaser near';

export interface FirstViewLog {
  /** Every request, in the order the page made them, named by `assetNames` where the build knows the file. */
  requests: { moment: Moment; name: string }[];
  /** The first contentful paint on the page's clock (ms), or null if it did not paint. */
  firstPaintMs: number | null;
  /** The page's resource timing entries at the end of the first view, named as the requests are. */
  resources: { name: string; startMs: number; responseEndMs: number }[];
}

export interface FirstViewResult {
  url: string;
  runs: FirstViewLog[];
}

/** src/main.tsx hydrates a page that has not painted this long after its entry script ran. */
export const LATEST_HYDRATION_MS = 1000;

/** When the page's hydration script was requested: after the first paint is the aim. */
type Hydration = 'after the first paint' | 'at the deadline' | 'before the first paint' | 'never';

export interface FirstViewMetrics {
  hydration: Hydration;
  /** From the first paint to the hydration script's request (negative: before it); null if either is missing. */
  paintToHydrateMs: number | null;
  /** The fonts the first view fetched, sorted. */
  fonts: string[];
  /** Requests of the dialog's code made before the hydration script's. */
  dialogCodeBeforeHydration: number;
  /** Whether the dialog's code was requested before any click. */
  dialogCodeBeforeClick: boolean;
  /** Requests of the dialog's code made from the click on. */
  dialogCodeOnClick: number;
  /** Requests of the guides' code, supabase-js or the guides API before the visitor came near the carousel. */
  guidesBeforeNear: number;
  /** The same while the hero's scroll carried the page past the carousel behind the dialog. */
  guidesBehindDialog: number;
  /** Requests of the guides API once the carousel came near. */
  guidesWhenNear: number;
  /** Requests of the hero illustration over the whole visit. */
  heroIllustration: number;
  /** The teaser stills fetched over the whole visit. */
  teaserStills: string[];
}

/**
 * The build's own name for each file it emitted, without its hash: `/assets/hydrate-landing-CXRgu0N2.js` is
 * `hydrate-landing.js`, `/assets/inter-core-DX22opyM.woff2` is `inter-core.woff2`, and a chunk of a package is the
 * package's name (`@supabase/supabase-js`), which Vite would have called `dist`.
 */
export function assetNames(manifest: Manifest): Map<string, string> {
  const names = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const packageName = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(key)?.[1];
    const base = chunk.name ?? path.basename(key, path.extname(key));
    names.set(
      `/${chunk.file}`,
      packageName ?? (chunk.name ? `${base}${path.extname(chunk.file)}` : path.basename(key)),
    );
    for (const css of chunk.css ?? []) names.set(`/${css}`, `${base}.css`);
  }
  return names;
}

/** A request's name: the build's name of its file, else its path (`/`, `/rest/v1/guides`). */
export function requestName(url: string, names: Map<string, string>): string {
  const { pathname } = new URL(url);
  return names.get(pathname) ?? pathname;
}

const HYDRATION_SCRIPT = 'hydrate-landing.js';
const ENTRY_SCRIPT = 'index.js';
const DIALOG_CODE = 'signup-dialog.js';
const isFont = (name: string) => name.endsWith('.woff2');
/** The guides' own code, the Supabase client it reads them with, and the read itself. */
const isGuides = (name: string) =>
  name === 'fetch-guides.js' || name === '@supabase/supabase-js' || name.startsWith('/rest/v1/');
const BEFORE_CLICK: Moment[] = ['first view', 'idle'];
const FROM_CLICK: Moment[] = ['dialog open', 'carousel near', 'teaser near'];

/** What one visit's log says about each thing the bench reports on. */
export function readFirstView(log: FirstViewLog): FirstViewMetrics {
  const { requests } = log;
  const count = (moments: Moment[], which: (name: string) => boolean) =>
    requests.filter((request) => moments.includes(request.moment) && which(request.name)).length;
  const resource = (name: string) => log.resources.find((entry) => entry.name === name);
  const hydrate = resource(HYDRATION_SCRIPT)?.startMs;
  const entryLoaded = resource(ENTRY_SCRIPT)?.responseEndMs;
  const { firstPaintMs } = log;
  let hydration: Hydration = 'before the first paint';
  if (hydrate === undefined) hydration = 'never';
  else if (firstPaintMs !== null && hydrate > firstPaintMs) hydration = 'after the first paint';
  else if (entryLoaded !== undefined && hydrate >= entryLoaded + LATEST_HYDRATION_MS)
    hydration = 'at the deadline';

  const hydrationRequest = requests.findIndex((request) => request.name === HYDRATION_SCRIPT);
  const dialogRequests = requests.flatMap((request, index) => (request.name === DIALOG_CODE ? [index] : []));
  return {
    hydration,
    paintToHydrateMs: hydrate === undefined || firstPaintMs === null ? null : hydrate - firstPaintMs,
    fonts: requests
      .filter((request) => request.moment === 'first view' && isFont(request.name))
      .map((request) => request.name)
      .sort(),
    dialogCodeBeforeHydration: dialogRequests.filter(
      (index) => hydrationRequest < 0 || index < hydrationRequest,
    ).length,
    dialogCodeBeforeClick: count(BEFORE_CLICK, (name) => name === DIALOG_CODE) > 0,
    dialogCodeOnClick: count(FROM_CLICK, (name) => name === DIALOG_CODE),
    guidesBeforeNear: count(BEFORE_CLICK, isGuides),
    guidesBehindDialog: count(['dialog open'], isGuides),
    guidesWhenNear: count(['carousel near'], (name) => name.startsWith('/rest/v1/guides')),
    heroIllustration: count([...BEFORE_CLICK, ...FROM_CLICK], (name) => name.startsWith('hero-lenses')),
    teaserStills: requests
      .filter((request) => request.name.startsWith('teaser-still-'))
      .map((request) => request.name)
      .sort(),
  };
}

const PHONE = { width: 390, height: 844 };
/** A step is over once no request has been in flight for this long. */
const QUIET_MS = 1500;
const STEP_TIMEOUT_MS = 30_000;
const HERO_BUTTON = 'Sign up free and watch instantly';
const CAROUSEL = 'No one should face the future alone. Meet some of our friends';

// These run in the browser, not in Node, so they are kept as source text: the bench's TypeScript has no DOM types.
/** React tags the DOM nodes it has taken over with a `__reactFiber$…` property: the sign-up form's says it hydrated. */
const HYDRATED = `(() => {
  const form = document.querySelector('#signup form');
  return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
})()`;
const SIGNUP_IN_VIEW = `(() => {
  const box = document.getElementById('signup').getBoundingClientRect();
  return box.top < innerHeight && box.bottom > 0;
})()`;
const TEASER_STILL_LOADED = `(() => {
  const image = document.querySelector('section[aria-labelledby="teaser-title"] img');
  return image !== null && image.complete && image.naturalWidth > 0;
})()`;
const TIMING = `({
  firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  resources: performance.getEntriesByType('resource').map((entry) => ({
    url: entry.name,
    startMs: entry.startTime,
    responseEndMs: entry.responseEnd,
  })),
})`;
const timingSchema = z.object({
  firstPaintMs: z.number().nullable(),
  resources: z.array(z.object({ url: z.string(), startMs: z.number(), responseEndMs: z.number() })),
});

/**
 * Waits until `expression` is true in the page, checking every 100 ms (page.waitForFunction would evaluate it with
 * `eval`, which the page's Content-Security-Policy forbids).
 */
async function until(page: Page, expression: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await page.evaluate(expression)) !== true) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeoutMs / 1000} s: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Tells when the page has had no request in flight for a while: the end of a step. */
function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet() {
      const deadline = Date.now() + STEP_TIMEOUT_MS;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS))
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

/** Whether `promise` fulfils: false when it rejects, e.g. a wait that timed out (the report shows what is missing). */
async function arrives(promise: Promise<unknown>): Promise<boolean> {
  return promise.then(
    () => true,
    () => false,
  );
}

/** One visit in a fresh context (empty cache): first view, idle, hero click, carousel, teaser. */
async function visitOnce(browser: Browser, url: string, names: Map<string, string>): Promise<FirstViewLog> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await throttleLikeASlowPhone(page);
    const network = watchNetwork(page);
    let moment: Moment = 'first view';
    const requests: FirstViewLog['requests'] = [];
    page.on('request', (request) => requests.push({ moment, name: requestName(request.url(), names) }));
    // Settled (true or false) as soon as it is known, so that a step failing before it is awaited leaves no
    // unhandled rejection behind.
    const dialogCode = arrives(
      page.waitForRequest((request) => requestName(request.url(), names) === DIALOG_CODE, {
        timeout: 60_000,
      }),
    );

    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await until(page, HYDRATED, 60_000);
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    const timing = timingSchema.parse(await page.evaluate(TIMING));
    moment = 'idle';
    // The dialog's code comes once the browser is idle (requestIdleCallback, within 5 s): give it its chance.
    await dialogCode;
    await network.quiet();

    moment = 'dialog open';
    await page.getByRole('button', { name: HERO_BUTTON }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
    await until(page, SIGNUP_IN_VIEW);
    await network.quiet();

    moment = 'carousel near';
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    const guidesRead = arrives(
      page.waitForResponse((response) => response.url().includes('/rest/v1/guides'), {
        timeout: STEP_TIMEOUT_MS,
      }),
    );
    const carousel = page.getByRole('region', { name: CAROUSEL });
    await carousel.scrollIntoViewIfNeeded();
    if (await guidesRead)
      await arrives(
        carousel.getByRole('heading', { name: 'Amara Okafor' }).waitFor({ timeout: STEP_TIMEOUT_MS }),
      );
    await network.quiet();

    moment = 'teaser near';
    await page.locator('section[aria-labelledby="teaser-title"] img').scrollIntoViewIfNeeded();
    await arrives(until(page, TEASER_STILL_LOADED));
    await network.quiet();

    return {
      requests,
      firstPaintMs: timing.firstPaintMs,
      resources: timing.resources.map(({ url: resourceUrl, ...times }) => ({
        name: requestName(resourceUrl, names),
        ...times,
      })),
    };
  } finally {
    await context.close();
  }
}

/**
 * The visit `runs` times at 4× CPU and slow 4G on a phone's screen (390×844 at 2×, as Lighthouse's mobile run
 * sees it), each in a fresh browser context. `manifest` is the served build's, to name its files.
 */
export async function measureFirstView(
  url: string,
  runs: number,
  manifest: Manifest,
): Promise<FirstViewResult> {
  const names = assetNames(manifest);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const logs: FirstViewLog[] = [];
    for (let run = 0; run < runs; run += 1) logs.push(await visitOnce(browser, url, names));
    return { url, runs: logs };
  } finally {
    await browser.close();
  }
}
