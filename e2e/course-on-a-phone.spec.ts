import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openSignInLink, signUpByRequest, videoState, waitForMail, watchLinkOf } from './course-helpers';

/**
 * The learner on a phone, against the real embedded server at 375 px: the lesson's first tap is never lost.
 */
test.use({ viewport: { width: 375, height: 800 } });

/** A wait the test ends when it chooses. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * A learner signed up by request, and her e-mail's sign-in link, for a page on a link of 400 kbit/s each way (the
 * browser estimates it under 1 Mbit/s) and `latencyMs` round trips.
 */
async function slowPhoneLink(page: Page, request: APIRequestContext, latencyMs: number) {
  const address = `phone-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await signUpByRequest(request, 'Tess', address);
  const [courseEmail] = await waitForMail(address, 1);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const slow = { offline: false, latency: latencyMs, downloadThroughput: 50_000, uploadThroughput: 50_000 };
  await cdp.send('Network.emulateNetworkConditions', slow);
  return watchLinkOf(courseEmail);
}

test('a single tap on Play while the lesson is still loading ends in playback', async ({ page, request }) => {
  const address = `phone-tap-${Date.now()}@example.com`;
  await signUpByRequest(request, 'Tess', address);
  const [courseEmail] = await waitForMail(address, 1);
  // A slow link: the tap lands while the lesson's files are being signed, and the video still has nothing to
  // play once they are.
  const signing = gate();
  const file = gate();
  await page.route('**/storage/v1/object/sign/course', async (route) => {
    if (route.request().postData()?.includes('.mp4')) await signing.opened;
    await route.continue();
  });
  await page.route(/\/storage\/v1\/object\/sign\/course\/.+\.mp4/, async (route) => {
    await file.opened;
    await route.continue();
  });
  await openSignInLink(page, watchLinkOf(courseEmail));

  const play = page.getByRole('button', { name: 'Play: Why plan with three lenses' });
  await play.click();
  await expect(page.getByText('Starting…')).toBeVisible();
  const video = page.locator('video');
  await expect(video).toHaveCount(0);

  signing.open();
  await expect(video).toHaveCount(1);
  expect(await video.evaluate((player: HTMLVideoElement) => player.readyState)).toBe(0);
  await expect(page.getByText('Starting…')).toBeVisible();

  file.open();
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  await expect(play).toHaveCount(0);
  await expect(video).toHaveAttribute('controls');
  // The Play control went with the cover: the focus went on to the player it started.
  await expect(video).toBeFocused();
});

test('on a slow link the free first lesson\'s file travels while "Continue" shows, and the player reads on from it', async ({
  page,
  request,
}) => {
  const link = await slowPhoneLink(page, request, 40);
  // Each download of the lesson's MP4 from its first byte. (Not intercepted: Chromium shares no media data of
  // an intercepted request.)
  const lessonFile = /\/lessons\/why-three-lenses\.mp4\?token=/;
  const fromTheStart: string[] = [];
  page.on('request', (sent) => {
    if (lessonFile.test(sent.url()) && sent.headers()['range'] === 'bytes=0-') fromTheStart.push(sent.url());
  });
  await page.goto(link);
  const continueButton = page.getByRole('button', { name: 'Continue to your course' });
  await expect(continueButton).toBeVisible();
  await expect.poll(() => fromTheStart.length, { timeout: 15_000 }).toBe(1);
  await continueButton.click();

  await page.getByRole('button', { name: 'Play: Why plan with three lenses' }).click();
  const video = page.locator('video');
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  expect(fromTheStart).toHaveLength(1);
});

test("on a slow link a locked lesson's files are signed the moment she is signed in, beside the read of her lessons", async ({
  page,
  request,
}) => {
  // A round trip as long as the slow phone's: a signing that waited for her lessons would come after their answer.
  const link = await slowPhoneLink(page, request, 400);
  // What happened, in order (nothing intercepted: Chromium shares no media data of an intercepted request).
  const events: string[] = [];
  const lessonFile = /\/lessons\/the-trends-lens\.mp4\?token=/;
  page.on('request', (sent) => {
    if (
      /\/storage\/v1\/object\/sign\/course$/.test(sent.url()) &&
      sent.postData()?.includes('the-trends-lens.mp4')
    )
      events.push('signing');
    if (lessonFile.test(sent.url()) && sent.headers()['range'] === 'bytes=0-') events.push('file');
  });
  page.on('response', (answer) => {
    if (/\/rest\/v1\/lessons\?/.test(answer.url())) events.push('lessons');
  });
  const outlineRead = page.waitForResponse(/\/rest\/v1\/course_outline\?/);
  // A reminder's link names the lesson she is at: not a free preview, so nobody may sign it before she is in.
  await page.goto(`${link}&lesson=the-trends-lens`);
  const continueButton = page.getByRole('button', { name: 'Continue to your course' });
  await expect(continueButton).toBeVisible();
  await outlineRead;
  events.push('continue');
  await continueButton.click();
  await page.getByRole('button', { name: 'Play: Lens one: trends' }).click();
  const video = page.locator('video');
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  // Nothing of it before she is in; then its signing before her lessons' answer.
  expect(events[0]).toBe('continue');
  const signing = events.indexOf('signing');
  expect(signing).not.toBe(-1);
  expect(signing).toBeLessThan(events.indexOf('lessons'));
  // The player read on from the file the page had started: one download from its first byte.
  expect(events.filter((event) => event === 'file')).toHaveLength(1);
});
