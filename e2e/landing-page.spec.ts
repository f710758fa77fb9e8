import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { carousel, openCarousel } from './guides-helpers';
import { openHome as openHydrated } from './signup-helpers';

const HEADLINE_PROFANE = 'What the f*ck should I do for a living?';
const HEADLINE_CLEAN = 'What should I do for a living?';
const SECTION_TEXTS = [
  HEADLINE_PROFANE,
  'Sign up free and watch instantly',
  'Scroll to sign up',
  'Learn how to Strategise your Personal Future',
  'Play Teaser',
  '30 seconds',
  'Shell and Unilever',
  'Play Full Course (locked)',
  'No one should face the future alone. Meet some of our friends',
  'From global boardrooms to your kitchen table',
  'What you&#x27;ll learn',
  'the simple 3-lens framework companies use to stay ahead',
  'how to spot trends that will impact your career',
  'how to turn those trends into personal opportunities',
  'how to start taking action this week',
  'Sign up (free)',
  'Privacy policy',
  'For Schools &amp; Employers',
];

/** Collects console errors and warnings, uncaught errors and CSP violations from the moment the page opens. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

async function openHome(page: Page) {
  await openCarousel(page);
  // Hydrated and settled: the guides arrived and Embla took over the row.
  await expect(page.getByRole('button', { name: 'Next guide' })).toBeEnabled();
}

test.describe('the HTML served before any script runs', () => {
  test('holds every section and the footer', async ({ request }) => {
    const html = await (await request.get('/')).text();
    for (const text of SECTION_TEXTS) expect(html, text).toContain(text);
    expect(html).toContain('id="signup"');
    expect(html).toContain(`© ${new Date().getFullYear()} Three Lenses`);
    expect(html).toMatch(/<video[^>]*preload="none"/);
  });

  test('holds the metadata: title, description, canonical, Open Graph and a JSON-LD Course', async ({
    browser,
    request,
  }) => {
    // Read the served HTML with scripts off, as a crawler or link preview would.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    await expect(page).toHaveTitle(/free course.*future career/i);
    expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(50);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\/.+\/$/);
    expect(await meta('meta[property="og:title"]')).toBeTruthy();
    expect(await meta('meta[property="og:description"]')).toBeTruthy();
    const ogImage = await meta('meta[property="og:image"]');
    expect(ogImage).toMatch(/^https?:\/\/.+\/og-image\.png$/);
    expect(await meta('meta[property="og:image:width"]')).toBe('1200');
    expect(await meta('meta[property="og:image:height"]')).toBe('630');

    const jsonLd = (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}';
    const course = JSON.parse(jsonLd) as { '@type': string; provider?: { '@type': string; name: string } };
    expect(course['@type']).toBe('Course');
    expect(course.provider?.['@type']).toBe('Organization');
    expect(course.provider?.name).toBe('Three Lenses');
    await context.close();

    // The Open Graph image is a real 1200×630 PNG (served here under its path), and the favicon is served.
    const png = await request.get(new URL(ogImage ?? '').pathname);
    expect(png.headers()['content-type']).toBe('image/png');
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await request.get('/favicon.svg')).headers()['content-type']).toBe('image/svg+xml');
  });
});

test('hydrates without any console warning or error', async ({ page }) => {
  const problems = watchConsole(page);
  await openHome(page);
  await expect(page.getByText(`© ${new Date().getFullYear()} Three Lenses`)).toBeVisible();
  // Hydrated, the guides shown and the footer's year updated: what is left of the hydration's work runs before
  // the page is next idle.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  expect(problems).toEqual([]);
});

test('a page built in an earlier year shows the current year once hydrated', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const builtIn = Number(/© (\d{4}) Three Lenses/.exec(html)?.[1]);
  await page.clock.setFixedTime(new Date(builtIn + 1, 0, 1));
  const problems = watchConsole(page);
  await openHydrated(page);
  await expect(page.getByText(`© ${builtIn + 1} Three Lenses`)).toBeVisible();
  expect(problems).toEqual([]);
});

test('the headline switch shows the clean version when on and the profane one when off', async ({ page }) => {
  await openHydrated(page);
  const headline = page.getByRole('heading', { level: 1 });
  const toggle = page.getByRole('switch', { name: 'Clean version' });
  await expect(headline).toHaveText(HEADLINE_PROFANE);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(headline).toHaveText(HEADLINE_CLEAN);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.press('Space');
  await expect(headline).toHaveText(HEADLINE_PROFANE);
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.getByText('Clean version').click();
  await expect(headline).toHaveText(HEADLINE_PROFANE);
});

test('sections come in the page order, with the founder photo described', async ({ page }) => {
  await page.goto('/');
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'Learn how to Strategise your Personal Future',
    'No one should face the future alone. Meet some of our friends',
    'From global boardrooms to your kitchen table',
    "What you'll learn",
    'Sign up (free)',
  ]);
  await expect(page.getByRole('img', { name: /portrait of .+ the founder/i })).toBeVisible();
  const learn = page
    .getByRole('region', { name: "What you'll learn" })
    .getByRole('list')
    .first()
    .getByRole('listitem');
  await expect(learn).toHaveText([
    'the simple 3-lens framework companies use to stay ahead',
    'how to spot trends that will impact your career',
    'how to turn those trends into personal opportunities',
    'how to start taking action this week',
  ]);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'For Schools & Employers' })).toHaveAttribute('href', '#');
});

test("the course's published lessons follow what you'll learn, and the hero's length adds them up", async ({
  page,
}) => {
  await page.goto('/');
  // The seeded lessons: 47 + 43 + 37 + 43 + 42 seconds.
  await expect(page.getByText(/^About 4 minutes of short video lessons/)).toBeVisible();
  const lessons = page.getByRole('list', { name: 'The lessons' });
  await lessons.scrollIntoViewIfNeeded();
  await expect(lessons.getByRole('listitem')).toHaveText([
    /^1Why plan with three lenses0:4747 seconds$/,
    /^2Lens one: trends0:4343 seconds$/,
    /^3Lens two: strengths0:3737 seconds$/,
    /^4Lens three: dreams0:4343 seconds$/,
    /^5From opportunities to action this week0:4242 seconds$/,
  ]);
  await expect(page.getByText('5 lessons · 4 min')).toBeVisible();
  const html = await lessons.evaluate((list) => list.closest('section')?.outerHTML ?? '');
  expect(html).not.toMatch(/\.(mp4|vtt|webp)/);
});

test.describe('the sign-up dialog', () => {
  test('the hero button opens it and smooth-scrolls the page behind to #signup', async ({ page }) => {
    await openHome(page);
    const opener = page.getByRole('button', { name: 'Sign up free and watch instantly' });
    await page.evaluate(() => {
      const positions: number[] = [];
      Object.assign(window, { scrollPositions: positions });
      window.addEventListener('scroll', () => positions.push(window.scrollY));
    });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Get instant access (free)' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription('Answer a few quick questions to tailor your course.');

    const signupHeading = page.getByRole('heading', { name: 'Sign up (free)', includeHidden: true });
    await expect(signupHeading).toBeInViewport();
    // Smooth, not a jump: the page passed through several positions on its way down.
    const positions = await page.evaluate(
      () => (window as unknown as { scrollPositions: number[] }).scrollPositions,
    );
    expect(new Set(positions).size).toBeGreaterThan(2);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(signupHeading).toBeInViewport();
    // The hero button is far above now: the focus goes to the inline form, where the visitor is.
    await expect(page.locator('#signup').getByRole('heading', { level: 3 })).toBeFocused();
  });

  test('the locked-course button opens it; the close button and focus trap work', async ({ page }) => {
    await openHome(page);
    const opener = page.getByRole('button', { name: 'Play Full Course (locked)' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Get instant access (free)' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("after it closes, the carousel the hero's scroll passed behind it shows the guides once scrolled to", async ({
    page,
  }) => {
    await openHydrated(page);
    await page.getByRole('button', { name: 'Sign up free and watch instantly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get instant access (free)' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('#signup')).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await carousel(page).scrollIntoViewIfNeeded();
    await expect(carousel(page).getByRole('heading', { name: 'Amara Okafor' })).toBeVisible();
    await expect(carousel(page)).toHaveAttribute('aria-busy', 'false');
  });
});

test('"Scroll to sign up" goes to #signup smoothly', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Scroll to sign up' });
  await expect(link).toHaveAttribute('href', '#signup');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  await link.click();
  await expect(page.getByRole('heading', { name: 'Sign up (free)' })).toBeInViewport();
  expect(page.url()).toMatch(/#signup$/);
});

test('under prefers-reduced-motion the scroll is instant', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
});

test.describe('accessibility (axe-core)', () => {
  test('no violations on the page', async ({ page }) => {
    await openHome(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('no violations with the sign-up dialog open', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Play Full Course (locked)' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});

test('no horizontal scroll at 320, 375, 768 and 1440 px', async ({ page }) => {
  for (const width of [320, 375, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await openCarousel(page);
    await expect(page.getByRole('button', { name: 'Next guide' })).toBeEnabled();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `at ${width}px`).toBeLessThanOrEqual(0);
  }
});
