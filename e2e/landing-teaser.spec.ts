import { expect, test } from '@playwright/test';

test('the teaser is an inline video with preload="none" and captions, under a low-priority, responsive still', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const video = page.getByLabel('Course teaser');
  await expect(video).toHaveAttribute('preload', 'none');
  const still = page.locator('section[aria-labelledby="teaser-title"] img');
  await expect(still).toHaveAttribute('fetchpriority', 'low');
  await expect(still).toHaveAttribute('srcset', /teaser-still-640-[\w-]+\.webp 640w, .*1280w$/);
  await still.scrollIntoViewIfNeeded();
  await expect.poll(() => still.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const source = await video.locator('source').getAttribute('src');
  expect(source).toBe('/media/teaser.mp4');
  const track = video.locator('track[kind="captions"]');
  await expect(track).toHaveAttribute('srclang', 'en');

  const clip = await request.get(source ?? '');
  expect(clip.headers()['content-type']).toBe('video/mp4');
  expect((await clip.body()).byteLength).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  const captions = await request.get((await track.getAttribute('src')) ?? '');
  expect(captions.headers()['content-type']).toMatch(/^text\/vtt/);
  expect(await captions.text()).toMatch(/^WEBVTT/);
});

test('Play Teaser (30 seconds) plays the 30-second clip inline, with controls and captions', async ({
  page,
}) => {
  const captionRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.vtt')) captionRequests.push(request.url());
  });
  await page.goto('/');
  const video = page.getByLabel('Course teaser');
  const play = page.getByRole('button', { name: 'Play Teaser 30 seconds' });
  await expect(play).toBeVisible();
  await page.waitForLoadState('load');
  expect(captionRequests, 'the captions load only for a visitor who plays').toEqual([]);
  await play.click();
  await expect(play).toBeHidden();
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toBeFocused();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.3);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  expect(duration).toBeGreaterThan(28);
  expect(duration).toBeLessThan(32);
  const [mode, cues] = [
    () => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.mode),
    () => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0),
  ];
  await expect.poll(mode).toBe('showing');
  await expect.poll(cues).toBeGreaterThan(0);
});
