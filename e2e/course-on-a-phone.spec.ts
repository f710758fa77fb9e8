import { expect, test } from '@playwright/test';
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
