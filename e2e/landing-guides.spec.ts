import { expect, type Page, type Route, test } from '@playwright/test';
import { carousel, openCarousel } from './guides-helpers';

const GUIDES_REQUEST = /\/rest\/v1\/guides\?/;

function guide(index: number, image_url: string | null, quote: string | null = null) {
  return {
    id: index + 1,
    name: `Guide ${index + 1}`,
    title: `Title ${index + 1}`,
    quote,
    image_url,
    order_index: index,
  };
}

function fulfillJson(body: unknown, status = 200) {
  return (route: Route) =>
    route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
}

async function whenReady(page: Page) {
  await expect(page.getByRole('button', { name: 'Next guide' })).toBeEnabled();
}

/** Moves the pointer off the carousel: to the top left corner, with the carousel scrolled below it. */
async function pointerAway(page: Page) {
  await carousel(page).evaluate((section) => window.scrollBy(0, section.getBoundingClientRect().top - 200));
  await page.mouse.move(5, 5);
}

/** Where the first slide sits on screen: it changes whenever the carousel moves. */
function firstSlideX(page: Page) {
  return page
    .getByRole('group', { name: /^1 of \d+$/ })
    .evaluate((slide) => Math.round(slide.getBoundingClientRect().x));
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function expectPlaceholders(page: Page, timeout = 5000) {
  const slides = carousel(page).getByRole('group');
  await expect(slides).toHaveCount(6, { timeout });
  for (let index = 0; index < 6; index += 1) {
    const slide = slides.nth(index);
    await expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    await expect(slide).toHaveAccessibleName(`${index + 1} of 6`);
    await expect(slide.getByRole('heading', { name: 'Your guide' })).toBeAttached();
    await expect(slide.getByText('Coming soon')).toBeAttached();
    await expect(slide.getByText('Stay tuned for our expert mentors.')).toBeAttached();
  }
  await expect(carousel(page)).toHaveAttribute('aria-busy', 'false');
}

test('the seeded guides show as slides with image, name, title and quote', async ({ page }) => {
  await openCarousel(page);
  await whenReady(page);
  await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carousel');
  const first = page.getByRole('group', { name: '1 of 6' });
  await expect(first.getByRole('heading', { name: 'Amara Okafor' })).toBeVisible();
  await expect(first.getByText('Former Head of Strategy, global logistics group')).toBeVisible();
  await expect(first.getByText(/honest look at the trends/)).toBeVisible();
  await expect(first.getByRole('img', { name: 'Portrait of Amara Okafor' })).toHaveAttribute('width', '400');
  // Mei-Lin Chen has no quote.
  await expect(page.getByRole('group', { name: '3 of 6' }).locator('blockquote')).toHaveCount(0);
});

test('while the guides request is held, 6 skeleton cards show and the carousel is busy', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(GUIDES_REQUEST, async (route) => {
    await held;
    await route.continue();
  });
  await openCarousel(page);
  await expect(carousel(page)).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('guide-skeleton')).toHaveCount(6);
  await expect(carousel(page).getByRole('group')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Amara Okafor' })).toBeVisible();
  await expect(page.getByTestId('guide-skeleton')).toHaveCount(0);
  await expect(carousel(page)).toHaveAttribute('aria-busy', 'false');
});

test('when the guides request fails, the failure is logged and 6 placeholder cards show', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.route(
    GUIDES_REQUEST,
    fulfillJson({ message: 'boom', code: 'XX000', details: null, hint: null }, 500),
  );
  await openCarousel(page);
  await expectPlaceholders(page);
  expect(errors.some((text) => text.includes('Guides: could not load them'))).toBe(true);
});

test('when the network fails outright, placeholders show too', async ({ page }) => {
  let attempts = 0;
  await page.route(GUIDES_REQUEST, (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  await page.clock.install();
  await openCarousel(page);
  await expect(page.getByTestId('guide-skeleton')).toHaveCount(6);
  // supabase-js retries a failed read three times (after 1 s, 2 s, 4 s) before it reports the error.
  const retries = [
    [1, 1000],
    [2, 2000],
    [3, 4000],
  ] as const;
  for (const [attempt, pause] of retries) {
    await expect.poll(() => attempts).toBe(attempt);
    await page.clock.runFor(pause);
  }
  await expectPlaceholders(page);
  expect(attempts).toBe(4);
});

test('when the guides list is empty, it is logged and 6 placeholder cards show', async ({ page }) => {
  const errors = watchErrors(page);
  await page.route(GUIDES_REQUEST, fulfillJson([]));
  await openCarousel(page);
  await expectPlaceholders(page);
  expect(errors.some((text) => text.includes('the list is empty'))).toBe(true);
});

test('image URLs: absolute ones as they are, others from public storage, missing ones a fallback by position', async ({
  page,
  baseURL,
}) => {
  await page.route('https://images.example.test/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    }),
  );
  const rows = [
    guide(0, 'https://images.example.test/ada.svg'),
    guide(1, 'amara-okafor.svg'),
    guide(2, null),
    guide(3, ''),
    guide(4, 'tom-osei.svg'),
    guide(5, 'daniel-weber.svg'),
    guide(6, null),
  ];
  await page.route(GUIDES_REQUEST, fulfillJson(rows));
  await openCarousel(page);
  await whenReady(page);
  const image = (position: number) =>
    page.getByRole('group', { name: `${position} of 7` }).getByRole('img', { includeHidden: true });
  await expect(image(1)).toHaveAttribute('src', 'https://images.example.test/ada.svg');
  await expect(image(2)).toHaveAttribute(
    'src',
    `${baseURL}/storage/v1/object/public/guides/amara-okafor.svg`,
  );
  await expect(image(3)).toHaveAttribute('src', /\/assets\/guide-fallback-3-[\w-]+\.svg$/);
  await expect(image(4)).toHaveAttribute('src', /\/assets\/guide-fallback-4-[\w-]+\.svg$/);
  await expect(image(7)).toHaveAttribute('src', /\/assets\/guide-fallback-1-[\w-]+\.svg$/);
  await image(2).scrollIntoViewIfNeeded();
  await expect.poll(() => image(2).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a broken guide image is replaced by the bundled fallback for its position', async ({ page }) => {
  await page.route('**/storage/v1/object/public/guides/amara-okafor.svg', (route) =>
    route.fulfill({ status: 404, body: 'missing' }),
  );
  await openCarousel(page);
  await whenReady(page);
  const image = page.getByRole('img', { name: 'Portrait of Amara Okafor' });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('src', /\/assets\/guide-fallback-1-[\w-]+\.svg$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The others load their own images.
  await expect(page.getByRole('img', { name: 'Portrait of Daniel Weber' })).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/guides\/daniel-weber\.svg$/,
  );
});

test('the arrows move the carousel', async ({ page }) => {
  await openCarousel(page);
  await whenReady(page);
  const start = await firstSlideX(page);
  await page.getByRole('button', { name: 'Next guide' }).click();
  await expect.poll(() => firstSlideX(page)).toBeLessThan(start - 50);
  await page.getByRole('button', { name: 'Previous guide' }).click();
  await page.getByRole('button', { name: 'Previous guide' }).click();
  await expect.poll(() => firstSlideX(page)).toBeGreaterThan(start + 50);
});

/**
 * Opens the carousel on a clock the test controls (installed before the page loads): it runs as usual until the
 * carousel is ready, then stands still, and moves only when the test runs it.
 */
async function openCarouselOnTestClock(page: Page) {
  await page.clock.install();
  await openCarousel(page);
  await whenReady(page);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
}

/** Runs the page's clock in steps until the first slide moves; resolves with the milliseconds it took. */
async function runUntilItMoves(page: Page, limitMs: number) {
  const start = await firstSlideX(page);
  for (let elapsed = STEP_MS; elapsed <= limitMs; elapsed += STEP_MS) {
    await page.clock.runFor(STEP_MS);
    if ((await firstSlideX(page)) !== start) return elapsed;
  }
  throw new Error(`The carousel did not move within ${limitMs} ms of the page's clock`);
}
const STEP_MS = 100;

/** Runs the page's clock past more than one auto-advance and expects the carousel not to have moved. */
async function expectStillFor4Seconds(page: Page) {
  const start = await firstSlideX(page);
  await page.clock.runFor(4000);
  expect(await firstSlideX(page)).toBe(start);
}

test.describe('auto-advance', () => {
  test('moves on by itself every 3 seconds', async ({ page }) => {
    await openCarouselOnTestClock(page);
    // The first turn comes at most 3 s after the clock stopped; once it has settled, the next comes 3 s after it.
    await runUntilItMoves(page, 3000 + STEP_MS);
    await page.clock.runFor(1000);
    const untilNext = await runUntilItMoves(page, 3000);
    expect(untilNext).toBeGreaterThan(2000 - 2 * STEP_MS);
    expect(untilNext).toBeLessThanOrEqual(2000 + STEP_MS);
  });

  test('does not move while the pointer is over the section, and resumes after', async ({ page }) => {
    await openCarouselOnTestClock(page);
    await carousel(page).getByRole('heading', { level: 2 }).hover();
    await expectStillFor4Seconds(page);
    await pointerAway(page);
    await runUntilItMoves(page, 4000);
  });

  test('the pause button stops it and the play button starts it again', async ({ page }) => {
    await openCarouselOnTestClock(page);
    await page.getByRole('button', { name: 'Pause auto-advance' }).click();
    const play = page.getByRole('button', { name: 'Start auto-advance' });
    await expect(play).toBeVisible();
    await pointerAway(page);
    await expectStillFor4Seconds(page);
    await play.click();
    await expect(page.getByRole('button', { name: 'Pause auto-advance' })).toBeVisible();
    await pointerAway(page);
    await runUntilItMoves(page, 4000);
  });

  test('does not move while keyboard focus is inside the carousel', async ({ page }) => {
    await openCarouselOnTestClock(page);
    await page.getByRole('button', { name: 'Pause auto-advance' }).focus();
    await expectStillFor4Seconds(page);
  });

  test('does not move while scrolled out of view, and resumes when back in view', async ({ page }) => {
    await openCarouselOnTestClock(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(carousel(page)).not.toBeInViewport();
    await expectStillFor4Seconds(page);
    await pointerAway(page);
    await runUntilItMoves(page, 4000);
  });

  test('does not move while the sign-up dialog covers it, and resumes when it closes', async ({ page }) => {
    await openCarouselOnTestClock(page);
    await page.clock.resume();
    await page.getByRole('button', { name: 'Sign up free and watch instantly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get instant access (free)' });
    await expect(dialog).toBeVisible();
    // The hero's button also scrolls the page to the sign-up form: bring the carousel back into view behind it.
    await expect(page.locator('#signup')).toBeInViewport();
    await pointerAway(page);
    await expect(carousel(page)).toBeInViewport();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
    await expectStillFor4Seconds(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await runUntilItMoves(page, 4000);
  });

  test('is off under prefers-reduced-motion, until the visitor starts it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openCarouselOnTestClock(page);
    await expect(page.getByRole('button', { name: 'Start auto-advance' })).toBeVisible();
    await expectStillFor4Seconds(page);
  });
});

test('keeps advancing after the window is resized (Embla re-initialises)', async ({ page }) => {
  await openCarouselOnTestClock(page);
  await page.setViewportSize({ width: 900, height: 800 });
  await page.clock.runFor(1000);
  await runUntilItMoves(page, 3000 + STEP_MS);
});

test('a single guide shows without errors and does not rotate', async ({ page }) => {
  const problems = watchErrors(page);
  page.on('pageerror', (error) => problems.push(error.message));
  await page.route(GUIDES_REQUEST, fulfillJson([guide(0, null, 'Alone for now.')]));
  await openCarouselOnTestClock(page);
  await expect(page.getByRole('group', { name: '1 of 1' }).getByText('Alone for now.')).toBeAttached();
  await expectStillFor4Seconds(page);
  expect(problems).toEqual([]);
});
