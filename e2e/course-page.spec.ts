import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Route, test } from '@playwright/test';
import { z } from 'zod';

/**
 * /course in the browser for the states that need no real sign-in: the prerendered shell, no session, a bad
 * link, the new-link form. The signed-in state runs over a back end faked at the network with GoTrue's,
 * PostgREST's and Storage's answers (the real journey, e-mail and all, is the sign-in spec's).
 */
const copy = {
  checking: 'Checking whether you are signed in…',
  noSession: 'Sign in to watch',
  continueButton: 'Continue to your course',
  linkRefused: 'That link has expired or was already used',
  signedOut: "You're signed out",
  emailLabel: 'Your email',
  sendCode: 'Send me a code',
  haveCode: 'I already have a code',
  sentTo: (address: string) =>
    `If ${address} signed up, an e-mail with a 6-digit code and a link is on its way.`,
  rateLimited: 'Too many tries — please wait a minute.',
};

const lessons = [
  { slug: 'welcome', title: 'Welcome to the three lenses', seconds: 45 },
  { slug: 'trends', title: 'Spotting the trends', seconds: 65 },
].map((lesson, index) => ({
  id: index + 1,
  slug: lesson.slug,
  title: lesson.title,
  summary: `What “${lesson.title}” covers, in a sentence long enough to wrap on a narrow phone screen.`,
  video_path: `lessons/${lesson.slug}.mp4`,
  stream_path: null,
  captions_path: `lessons/${lesson.slug}.vtt`,
  poster_path: `lessons/${lesson.slug}.png`,
  duration_seconds: lesson.seconds,
  order_index: index + 1,
}));

const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function session() {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: 'user-1', role: 'authenticated', aud: 'authenticated', exp: expiresAt };
  return {
    access_token: `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.c2lnbmF0dXJl`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    refresh_token: 'refresh-1',
    user: { id: 'user-1', aud: 'authenticated', role: 'authenticated', email: 'ada@example.com' },
  };
}

/** Files the faked bucket serves: the site's own teaser stands in for every lesson. */
const bucketFiles: Record<string, string> = {
  mp4: '/media/teaser.mp4',
  vtt: '/media/teaser.en.vtt',
  png: '/og-image.png',
};

/**
 * GoTrue, PostgREST and Storage as the signed-in page meets them: a good link, the outline and the lessons,
 * progress and the reminder answer, signed files.
 */
async function fakeSignedInBackEnd(page: Page) {
  await page.route('**/auth/v1/verify', (route) => route.fulfill({ json: session() }));
  await page.route('**/auth/v1/logout**', (route) => route.fulfill({ status: 204 }));
  await page.route('**/rest/v1/lessons?**', (route) => route.fulfill({ json: lessons }));
  await page.route('**/rest/v1/course_outline?**', (route) =>
    route.fulfill({
      json: lessons.map(({ slug, title, summary, duration_seconds, order_index }) => ({
        slug,
        title,
        summary,
        duration_seconds,
        order_index,
        poster_path: null,
        is_preview: false,
        speaks_to: [],
        video_path: null,
        captions_path: null,
        stream_path: null,
        streams: false,
      })),
    }),
  );
  // No progress yet, no answer to the reminder or announcement question, no answers kept with the account; saves
  // are taken and forgotten.
  for (const table of ['lesson_progress', 'reminder_consents', 'announcement_consents', 'kept_answers']) {
    await page.route(`**/rest/v1/${table}**`, (route) =>
      route.fulfill(route.request().method() === 'GET' ? { json: [] } : { status: 201 }),
    );
  }
  await page.route('**/rest/v1/rpc/my_course_record', (route) =>
    route.fulfill({ json: { name: 'Ada Lovelace', finished_at: null } }),
  );
  // Signing, as supabase-js asks for it: a batch of paths in one request.
  await page.route('**/storage/v1/object/sign/course', async (route: Route) => {
    const { paths } = z.object({ paths: z.array(z.string()) }).parse(route.request().postDataJSON());
    await route.fulfill({
      json: paths.map((path) => ({
        error: null,
        path,
        signedURL: `/object/sign/course/${path}?token=signed`,
      })),
    });
  });
  await page.route('**/storage/v1/object/sign/course/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const file = bucketFiles[url.pathname.split('.').pop() ?? ''] ?? '/missing';
    // The range header goes along, so the video seeks as it would on the real bucket. A kept-alive connection
    // that the server closes just then resets the first try, as browsers know: try once more.
    const fetchFile = () => route.fetch({ url: new URL(file, url).href });
    await route.fulfill({ response: await fetchFile().catch(fetchFile) });
  });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  for (const width of [320, 375, 768, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
  }
}

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('the prerendered page says it is checking, with its own title, noindex and no Course data', async ({
  request,
}) => {
  for (const address of ['/course', '/course.html']) {
    const response = await request.get(address);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Your course | Three Lenses</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain(copy.checking);
    expect(html).toContain('Your free course');
    expect(html).not.toContain('application/ld+json');
  }
});

test('the page puts the preloads of its chunks and supabase-js in its head, and fetches them', async ({
  page,
}) => {
  await page.goto('/course');
  await expect(page.getByRole('heading', { name: copy.noSession })).toBeVisible();
  // The HTML holds them in an inert template (bench/bundle-budget.test.ts); the first script moves them out of it.
  // (Vite's import helper adds preloads of its own, with `as="script"`: the template's have none.)
  expect(
    await page.locator('template#page-modules').evaluate((template) => {
      const { content } = template as HTMLTemplateElement;
      return content.childElementCount;
    }),
  ).toBe(0);
  const preloaded = await page
    .locator('head link[rel="modulepreload"]:not([as])')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded).toContainEqual(expect.stringMatching(/^\/assets\/course-pages-[\w-]+\.js$/));
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  expect(preloaded.filter((file) => !fetched.includes(file))).toEqual([]);
});

test('a visitor without a session is asked for the address once and offered the sign-up, and the page is axe clean', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/course');
  await expect(page.getByRole('heading', { name: copy.noSession })).toBeVisible();
  const signIn = page.getByRole('form', { name: copy.noSession });
  await expect(signIn.getByRole('textbox')).toHaveCount(1);
  await expect(signIn.getByRole('textbox', { name: copy.emailLabel })).toBeVisible();
  await expect(signIn.getByRole('button', { name: copy.haveCode })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Lessons' }).getByRole('heading', { level: 3 })).toHaveCount(
    5,
  );
  await expect(page.getByRole('button', { name: copy.sendCode })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/#signup');
  await expect(page.getByRole('link', { name: 'Three Lenses' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('contentinfo')).toContainText('Three Lenses');
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  expect(problems).toEqual([]);
});

test('on a phone the first view does not move: the sign-in form or the link takes the place of the poster cover', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const moved = () =>
    page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
    );

  await test.step("as prerendered, the first lesson's poster stands dimmed in the player's place", async () => {
    const prerendered = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    const shell = await prerendered.newPage();
    await shell.goto(`${baseURL ?? ''}/course`);
    await expect(shell.getByText(copy.checking)).toBeVisible();
    const poster = shell.locator('img').first();
    await expect(poster).toBeVisible();
    expect(await poster.getAttribute('src')).toMatch(/^\/assets\/why-three-lenses-[\w-]+\.webp$/);
    // The lessons wait below on a phone: whatever answer comes takes the player's place at its own height.
    await expect(shell.getByRole('region', { name: 'Lessons' })).toBeHidden();
    await prerendered.close();
  });

  await test.step('a visitor without a session: the sign-in form comes, nothing already shown moves', async () => {
    await page.goto('/course');
    await expect(page.getByRole('heading', { name: copy.noSession })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lessons' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Watch lesson 1 now, free' })).toBeVisible();
    expect(await moved()).toBe(0);
  });

  await test.step('a visit with the e-mail\'s link: "Continue to your course" over the poster, nothing moves', async () => {
    await page.goto('/course?token_hash=unspent&type=magiclink');
    await expect(page.getByRole('button', { name: copy.continueButton })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lessons' })).toBeVisible();
    expect(await moved()).toBe(0);
  });
});

test('"Send me a code" asks GoTrue for an existing user only, and answers the same for any address', async ({
  page,
}) => {
  const otpRequests: { body: unknown; redirectTo: string | null }[] = [];
  // Hosted GoTrue's answer for an address that never signed up: the page must not reveal it.
  await page.route('**/auth/v1/otp**', async (route) => {
    const request = route.request();
    otpRequests.push({
      body: request.postDataJSON(),
      redirectTo: new URL(request.url()).searchParams.get('redirect_to'),
    });
    await route.fulfill({
      status: 422,
      json: { code: 422, error_code: 'otp_disabled', msg: 'Signups not allowed for otp' },
    });
  });
  await page.goto('/course');
  await page.getByRole('textbox', { name: copy.emailLabel }).fill('nobody@example.com');
  await page.getByRole('button', { name: copy.sendCode }).click();
  await expect(page.getByText(copy.sentTo('nobody@example.com'))).toBeVisible();
  expect(otpRequests).toEqual([
    {
      body: expect.objectContaining({ email: 'nobody@example.com', create_user: false }),
      redirectTo: new URL('/course', page.url()).href,
    },
  ]);
  await expectNoAxeViolations(page);

  await page.unroute('**/auth/v1/otp**');
  await page.route('**/auth/v1/otp**', (route) =>
    route.fulfill({
      status: 429,
      json: { code: 429, error_code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded' },
    }),
  );
  await page.getByRole('button', { name: 'Not you?' }).click();
  await page.getByRole('button', { name: copy.sendCode }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.rateLimited })).toBeVisible();
});

test('a used link says so, and the address loses the token but keeps the lesson', async ({ page }) => {
  await page.route('**/auth/v1/verify', (route) =>
    route.fulfill({
      status: 403,
      json: { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' },
    }),
  );
  await page.goto('/course?token_hash=spent&type=magiclink&lesson=trends');
  await page.getByRole('button', { name: copy.continueButton }).click();
  await expect(page.getByRole('heading', { name: copy.linkRefused })).toBeVisible();
  await expect(page).toHaveURL(/\/course\?lesson=trends$/);
  await expect(page.getByRole('button', { name: copy.sendCode })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a malformed link says it cannot be used, without asking the server', async ({ page }) => {
  let verifyCalls = 0;
  await page.route('**/auth/v1/verify', (route) => {
    verifyCalls += 1;
    return route.abort();
  });
  await page.goto('/course?token_hash=abc&type=recovery');
  await expect(page.getByRole('heading', { name: copy.linkRefused })).toBeVisible();
  await expect(page).toHaveURL(/\/course$/);
  expect(verifyCalls).toBe(0);
});

test('signed in (back end faked): lessons, a captioned player that plays, deep links, reload and sign out', async ({
  page,
}) => {
  test.slow();
  const problems = watchConsole(page);
  await fakeSignedInBackEnd(page);
  await page.goto('/course?token_hash=good&type=magiclink');
  await page.getByRole('button', { name: copy.continueButton }).click();
  const list = page.getByRole('navigation', { name: 'Lessons' });
  await expect(list.getByRole('link')).toHaveText(['Welcome to the three lenses', 'Spotting the trends']);
  await expect(list.getByRole('link', { name: 'Welcome to the three lenses' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(list.getByText('0:45')).toBeVisible();
  await expect(page).toHaveURL(/\/course$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to the three lenses' })).toBeVisible();

  const video = page.locator('video');
  await expect(video).toHaveAttribute('poster', /lessons\/welcome\.png\?token=signed/);
  await expect
    .poll(() => video.evaluate((player: HTMLVideoElement) => player.textTracks[0]?.mode))
    .toBe('showing');
  expect(await video.evaluate((player: HTMLVideoElement) => player.paused)).toBe(true);
  await video.evaluate((player: HTMLVideoElement) => {
    player.muted = true;
    return player.play();
  });
  await expect
    .poll(() => video.evaluate((player: HTMLVideoElement) => player.currentTime))
    .toBeGreaterThan(0.5);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  await list.getByRole('link', { name: 'Spotting the trends' }).click();
  await expect(page).toHaveURL(/\/course\?lesson=trends$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Spotting the trends' })).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to the three lenses' })).toBeVisible();
  await page.goForward();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Spotting the trends' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Spotting the trends' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: copy.signedOut })).toBeFocused();
  expect(
    await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('sb-'))),
  ).toEqual([]);
  expect(problems).toEqual([]);
});
