import { expect, type Page, test } from '@playwright/test';
import { carousel } from './guides-helpers';
import { openHome } from './signup-helpers';

/** src/main.tsx hydrates a page that has not painted this long after its entry script ran. */
const LATEST_HYDRATION_MS = 1000;

// A phone's screen: what the first view loads there is what Lighthouse's mobile run measures.
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

function requested(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

test('the first paint needs only the HTML and the first view fonts; React loads after it', async ({
  page,
}) => {
  const urls = requested(page);
  await openHome(page);
  await page.evaluate(() => document.fonts.ready);
  const timing = await page.evaluate(() => {
    const resource = (pattern: RegExp) =>
      performance
        .getEntriesByType('resource')
        .find((entry): entry is PerformanceResourceTiming => pattern.test(entry.name));
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entryLoaded: resource(/\/assets\/index-[\w-]+\.js$/)?.responseEnd,
      hydrate: resource(/\/assets\/hydrate-[\w-]+\.js$/)?.startTime,
    };
  });
  expect(timing.firstPaint).toBeDefined();
  expect(timing.entryLoaded).toBeDefined();
  expect(timing.hydrate).toBeDefined();
  // After the first paint; or, when a busy machine has not painted within a second of the entry script running,
  // at that deadline (src/main.tsx), never earlier.
  const hydrate = timing.hydrate ?? 0;
  const afterFirstPaint = hydrate > (timing.firstPaint ?? Infinity);
  const atTheDeadline = hydrate >= (timing.entryLoaded ?? Infinity) + LATEST_HYDRATION_MS;
  expect(afterFirstPaint || atTheDeadline, JSON.stringify(timing)).toBe(true);

  const fonts = urls.filter((url) => url.endsWith('.woff2'));
  expect(fonts.sort()).toEqual([
    expect.stringMatching(/^\/assets\/fraunces-core-[\w-]+\.woff2$/),
    expect.stringMatching(/^\/assets\/inter-core-[\w-]+\.woff2$/),
  ]);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'Start'))).toBe(true);
});

test('phones never download the hero illustration, and the teaser still comes in a phone size', async ({
  page,
}) => {
  const urls = requested(page);
  await openHome(page);
  const still = page.locator('section[aria-labelledby="teaser-title"] img');
  await still.scrollIntoViewIfNeeded();
  await expect.poll(() => still.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-960-/);
  expect(urls.filter((url) => url.includes('hero-lenses'))).toEqual([]);
  expect(urls.filter((url) => url.includes('teaser-still'))).toEqual([
    expect.stringMatching(/\/assets\/teaser-still-960-[\w-]+\.webp$/),
  ]);
});

test('the guides and supabase-js load only when the carousel comes near the screen', async ({ page }) => {
  const urls = requested(page);
  await openHome(page);
  await page.waitForTimeout(500);
  expect(urls.filter((url) => url.startsWith('/rest/v1/') || url.includes('fetch-guides'))).toEqual([]);
  await expect(carousel(page)).toHaveAttribute('aria-busy', 'true');

  const guides = page.waitForResponse((response) => response.url().includes('/rest/v1/guides'));
  await carousel(page).scrollIntoViewIfNeeded();
  expect((await guides).status()).toBe(200);
  await expect(carousel(page).getByRole('heading', { name: 'Amara Okafor' })).toBeVisible();
  await expect(carousel(page)).toHaveAttribute('aria-busy', 'false');
});

test("the hero's scroll behind the sign-up dialog passes the carousel by without loading the guides", async ({
  page,
}) => {
  const urls = requested(page);
  await openHome(page);
  await page.getByRole('button', { name: 'Sign up free and watch instantly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get instant access (free)' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('#signup')).toBeInViewport();
  await page.waitForTimeout(500);
  expect(urls.filter((url) => url.startsWith('/rest/v1/') || url.includes('fetch-guides'))).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const guides = page.waitForResponse((response) => response.url().includes('/rest/v1/guides'));
  await carousel(page).scrollIntoViewIfNeeded();
  expect((await guides).status()).toBe(200);
  await expect(carousel(page).getByRole('heading', { name: 'Amara Okafor' })).toBeVisible();
});
