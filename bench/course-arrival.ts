// /course opened from the e-mail's sign-in link on a slow phone, "Continue to your course" and then the first
// lesson's Play tapped the moment each appears: when the lesson titles and the first lesson's picture are on
// screen, and when that lesson plays, timed from the navigation's start.
import { type Browser, type BrowserContext, type Page, chromium } from '@playwright/test';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { median } from './median.ts';
import { SLOW_LINK, throttleLikeASlowPhone } from './slow-phone.ts';

interface ArrivalMetrics {
  /** The first frame in which a published lesson's title is visible in the viewport. */
  titlesMs: number;
  /**
   * The first frame in which the first lesson's picture is visible: its poster (an <img>, or a <video>'s poster),
   * loaded, or, where the page fetches no poster (a slow link), the video's own first frame.
   */
  posterMs: number;
  /** The first frame in which a <video> of the page is playing (its currentTime past 0, not paused). */
  playingMs: number;
  /** The frame "Continue to your course" was first visible in; the bench clicks it then. */
  clickedMs: number;
  /** The frame the first lesson's Play control (or, on a build without one, its <video>) was first visible in. */
  playTappedMs: number;
}

export interface CourseArrivalResult {
  url: string;
  runs: ArrivalMetrics[];
  median: { titlesMs: number; posterMs: number; playingMs: number };
}

const PHONE = { width: 375, height: 667 };
/** The button a person presses before the link's token is spent. */
const CONTINUE = /^Continue to your course$/;
/** The lesson's Play control, laid over the player until it first plays ("Play: <the lesson's title>"). */
const PLAY = /^Play: /;
/** A run that has not shown the titles and the poster and played the lesson by then has failed. */
const DEADLINE_MS = 90_000;

const ORIGIN_KEY = 'bench-arrival-origin';
/** In the page: ms since the visit's first navigation began (its time origin, kept by the probe). */
const SINCE_START = `performance.timeOrigin + performance.now() - Number(sessionStorage.getItem('${ORIGIN_KEY}'))`;

const lessonRows = z
  .array(
    z.object({
      slug: z.string(),
      title: z.string(),
      poster_path: z.string().nullable(),
      stream_path: z.string().nullable(),
    }),
  )
  .min(1);
const generatedLink = z.object({ hashed_token: z.string().min(1) });
const seen = z.object({ what: z.enum(['titles', 'poster', 'playing']), atMs: z.number() });

/**
 * Installed before any page script, in every document of the visit: on each animation frame, looks for a visible
 * lesson title, the first lesson's picture (a loaded, visible poster: an address that names one of `posterMarks`,
 * its slug, which the prerendered copy's name holds, or its poster's path in the bucket; or a visible video showing
 * its first frame) and a playing video,
 * and reports each the first time it is seen, in ms since the first document's navigation began. It runs in the
 * browser, so it is kept as source text: the bench's TypeScript has no DOM types.
 */
function probe(titles: string[], posterMarks: string[]): string {
  return `
(() => {
  const titles = ${JSON.stringify(titles)};
  const marks = ${JSON.stringify(posterMarks)};
  const isPoster = (address) => marks.some((mark) => address.includes(mark));
  const key = '${ORIGIN_KEY}';
  sessionStorage.setItem(key, sessionStorage.getItem(key) ?? String(performance.timeOrigin));
  const sinceStart = () => ${SINCE_START};
  const onScreen = (element) => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }))
      return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 &&
      box.top < innerHeight && box.left < innerWidth;
  };
  const titleShown = () => {
    if (!document.body) return false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue.trim();
      if (text && titles.some((title) => text.includes(title)) && node.parentElement && onScreen(node.parentElement))
        return true;
    }
    return false;
  };
  const posterShown = () => {
    for (const image of document.querySelectorAll('img')) {
      if (image.complete && image.naturalWidth > 0 && isPoster(image.currentSrc) && onScreen(image)) return true;
    }
    for (const video of document.querySelectorAll('video[poster]')) {
      if (isPoster(video.poster) && performance.getEntriesByName(video.poster).length > 0 && onScreen(video))
        return true;
    }
    return [...document.querySelectorAll('video:not([poster])')].some(
      (video) => video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && onScreen(video),
    );
  };
  const playing = () =>
    [...document.querySelectorAll('video')].some((video) => video.currentTime > 0 && !video.paused);
  const pending = new Set(['titles', 'poster', 'playing']);
  const look = () => {
    const atMs = sinceStart();
    if (pending.has('titles') && titleShown()) {
      pending.delete('titles');
      window.__arrivalSeen({ what: 'titles', atMs });
    }
    if (pending.has('poster') && posterShown()) {
      pending.delete('poster');
      window.__arrivalSeen({ what: 'poster', atMs });
    }
    if (pending.has('playing') && playing()) {
      pending.delete('playing');
      window.__arrivalSeen({ what: 'playing', atMs });
    }
    if (pending.size > 0) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
`;
}

/** The service role key of a server started with `jwtSecret`, as Supabase's own tools make it. */
export function serviceRoleKey(jwtSecret: string): Promise<string> {
  return new SignJWT({ role: 'service_role', iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(jwtSecret));
}

/** The published lessons in course order, read with the service role key. */
export async function publishedLessons(siteUrl: string, key: string) {
  const response = await fetch(
    `${siteUrl}/rest/v1/lessons?select=slug,title,poster_path,stream_path&is_published=eq.true&order=order_index`,
    { headers: { apikey: key, authorization: `Bearer ${key}` } },
  );
  if (!response.ok)
    throw new Error(`Reading the lessons failed: ${response.status} ${await response.text()}`);
  return lessonRows.parse(await response.json());
}

/** A fresh sign-in link for a new address, shaped as the course e-mail's (GoTrue's admin generate_link). */
export async function signInLink(siteUrl: string, key: string, email: string): Promise<string> {
  const response = await fetch(`${siteUrl}/auth/v1/admin/generate_link`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'magiclink', email }),
  });
  if (!response.ok) throw new Error(`generate_link failed: ${response.status} ${await response.text()}`);
  const { hashed_token } = generatedLink.parse(await response.json());
  return `${siteUrl}/course?token_hash=${encodeURIComponent(hashed_token)}&type=magiclink`;
}

/** Resolves once `what` has been seen, with its time. */
function sighting() {
  let resolve: (atMs: number) => void = () => {};
  const promise = new Promise<number>((done) => {
    resolve = done;
  });
  let atMs: number | undefined;
  return {
    promise,
    get atMs() {
      return atMs;
    },
    see(at: number) {
      if (atMs !== undefined) return;
      atMs = at;
      resolve(at);
    },
  };
}

/**
 * A page expression: a promise that resolves, in ms since the navigation began, in the first animation frame in
 * which a visible button's accessible name (its `aria-label`, else its text) matches `name`, or, with `orVideo`, a
 * video is visible. Playwright's own waiting (`locator.waitFor`) looks after 0, 20, 50, 100 and 100 ms, then every
 * 500 ms: a bench that waited with it tapped up to half a second after the control appeared.
 */
function firstFrameShowing(name: RegExp, orVideo: boolean): string {
  return `new Promise((resolve) => {
  const name = new RegExp(${JSON.stringify(name.source)}, ${JSON.stringify(name.flags)});
  const seen = (element) => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const named = (button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
  const look = () => {
    const shown = [...document.querySelectorAll('button')].some((button) => name.test(named(button)) && seen(button)) ||
      (${orVideo} && [...document.querySelectorAll('video')].some(seen));
    if (shown) resolve(${SINCE_START});
    else requestAnimationFrame(look);
  };
  look();
})`;
}

/**
 * Clicks the button named `name` (or, with `orVideo` and no such button, the page's first video) as soon as it is
 * visible; answers when it was first seen, in ms since the navigation began.
 */
async function clickOnSight(page: Page, name: RegExp, { orVideo = false } = {}) {
  const seenMs = z.number().parse(await page.evaluate(firstFrameShowing(name, orVideo)));
  const button = page.getByRole('button', { name });
  await ((await button.count()) > 0 ? button : page.locator('video').first()).click();
  return seenMs;
}

async function runOnce(
  browser: Browser,
  link: string,
  titles: string[],
  posterMarks: string[],
): Promise<ArrivalMetrics> {
  const context: BrowserContext = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await throttleLikeASlowPhone(page, SLOW_LINK);
    const sightings = { titles: sighting(), poster: sighting(), playing: sighting() };
    await context.exposeBinding('__arrivalSeen', (_source, report: unknown) => {
      const { what, atMs } = seen.parse(report);
      sightings[what].see(atMs);
    });
    await page.addInitScript(probe(titles, posterMarks));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const missing = (['titles', 'poster', 'playing'] as const).filter(
          (what) => sightings[what].atMs === undefined,
        );
        reject(new Error(`Not seen within ${DEADLINE_MS / 1000} s of ${link}: ${missing.join(', ')}.`));
      }, DEADLINE_MS);
    });
    try {
      await Promise.race([page.goto(link, { waitUntil: 'commit', timeout: DEADLINE_MS }), deadline]);
      const clickedMs = await Promise.race([clickOnSight(page, CONTINUE), deadline]);
      const playTappedMs = await Promise.race([clickOnSight(page, PLAY, { orVideo: true }), deadline]);
      const [titlesMs, posterMs, playingMs] = await Promise.race([
        Promise.all([sightings.titles.promise, sightings.poster.promise, sightings.playing.promise]),
        deadline,
      ]);
      return { titlesMs, posterMs, playingMs, clickedMs, playTappedMs };
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await context.close();
  }
}

export function summariseArrivals(url: string, runs: ArrivalMetrics[]): CourseArrivalResult {
  return {
    url,
    runs,
    median: {
      titlesMs: median(runs.map((run) => run.titlesMs)),
      posterMs: median(runs.map((run) => run.posterMs)),
      playingMs: median(runs.map((run) => run.playingMs)),
    },
  };
}

/**
 * `runs` visits, each with a link of its own for a new address, opened in a fresh browser context (empty cache,
 * no session) on the slow link. `jwtSecret` is the server's JWT_SECRET, from which the bench makes the service
 * role key that issues the links.
 */
export async function measureCourseArrival(
  siteUrl: string,
  jwtSecret: string,
  runs: number,
): Promise<CourseArrivalResult> {
  const key = await serviceRoleKey(jwtSecret);
  const lessons = await publishedLessons(siteUrl, key);
  const titles = lessons.map((lesson) => lesson.title);
  const first = lessons[0];
  const posterMarks = first ? [first.slug, ...(first.poster_path === null ? [] : [first.poster_path])] : [];
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const results: ArrivalMetrics[] = [];
    const batch = Date.now().toString(36);
    for (let run = 0; run < runs; run += 1) {
      const link = await signInLink(siteUrl, key, `arrival-${batch}-${run}@example.com`);
      results.push(await runOnce(browser, link, titles, posterMarks));
    }
    return summariseArrivals(`${siteUrl}/course`, results);
  } finally {
    await browser.close();
  }
}
