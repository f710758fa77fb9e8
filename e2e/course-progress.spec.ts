import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  openSignInLink,
  sendSignInCode,
  tapPlay,
  videoState,
  waitForMail,
  watchLinkOf,
} from './course-helpers';
import {
  answerUpToContact,
  copy as signupCopy,
  fillContact,
  openHome,
  signupSection,
} from './signup-helpers';

/**
 * Progress that follows the learner, end to end against the real embedded server: a part-watched lesson opens
 * where it was left (after a pause and after leaving mid-play), its end counts it as watched and offers the next
 * lesson, and a new sign-in link in a fresh browser shows the same progress.
 */
const copy = {
  lessons: 'Lessons',
  firstLesson: 'Why plan with three lenses',
  nextLesson: 'Next lesson: Lens one: trends',
  startOver: 'Start from the beginning',
  noSession: 'Sign in to watch',
};

/** The next progress save the page sends, answered. */
const progressSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/rest/v1/lesson_progress') && response.request().method() === 'POST',
  );

const lessonLink = (page: Page, title: string) =>
  page.getByRole('navigation', { name: copy.lessons }).getByRole('link', { name: title });

/** The first lesson's player, its file's length known. */
async function readyVideo(page: Page): Promise<Locator> {
  const video = page.getByLabel(copy.firstLesson, { exact: true }).and(page.locator('video'));
  await expect.poll(() => video.evaluate((player: HTMLVideoElement) => player.readyState)).toBeGreaterThan(0);
  return video;
}

/** Plays from `seconds` (a click on the player: playing needs a user gesture) until it is past it. */
async function playFrom(video: Locator, seconds: number) {
  if (await video.evaluate((player: HTMLVideoElement) => player.paused)) await tapPlay(video.page(), video);
  await video.evaluate((player: HTMLVideoElement, at) => {
    player.currentTime = at;
  }, seconds);
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(seconds + 0.5);
}

async function expectWatchedOneOfFive(page: Page) {
  await expect(page.getByText('1 of 5 watched', { exact: true })).toBeVisible();
  await expect(lessonLink(page, copy.firstLesson)).toHaveAccessibleDescription('Watched');
}

test('part of a lesson resumes after a reload, its end counts and offers the next, and progress follows the learner', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const address = `progress-${Date.now()}@example.com`;

  await openHome(page);
  const form = signupSection(page);
  await answerUpToContact(form);
  await fillContact(form, 'Grace Hopper', address);
  await form.getByRole('button', { name: signupCopy.submit }).click();
  await expect(form.getByRole('status')).toHaveText(signupCopy.sent);
  await openSignInLink(page, watchLinkOf((await waitForMail(address, 1))[0]));

  await test.step('a lesson paused part-way opens where it stopped, with the way back to its start', async () => {
    await expect(page.getByText('0 of 5 watched', { exact: true })).toBeVisible();
    const video = await readyVideo(page);
    await playFrom(video, 20);
    const saved = progressSaved(page);
    await video.evaluate((player: HTMLVideoElement) => player.pause());
    expect((await saved).ok()).toBe(true);
    const stoppedAt = (await videoState(video)).currentTime;

    await page.reload();
    const resumed = await readyVideo(page);
    await expect.poll(async () => (await videoState(resumed)).currentTime).toBeGreaterThan(stoppedAt - 10);
    expect((await videoState(resumed)).currentTime).toBeLessThanOrEqual(stoppedAt);
    await expect(page.getByText(/^Picking up where you left off, at 0:2\d\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: copy.startOver })).toBeVisible();
    await expect(lessonLink(page, copy.firstLesson)).toHaveAccessibleDescription('In progress');
  });

  await test.step('leaving mid-play keeps the place too', async () => {
    const video = await readyVideo(page);
    await page.getByRole('button', { name: copy.startOver }).click();
    await expect(page.getByRole('button', { name: `Play: ${copy.firstLesson}` })).toBeFocused();
    expect((await videoState(video)).currentTime).toBe(0);
    await playFrom(video, 8);
    await page.reload();
    const resumed = await readyVideo(page);
    await expect.poll(async () => (await videoState(resumed)).currentTime).toBeGreaterThan(8);
    expect((await videoState(resumed)).currentTime).toBeLessThan(18);
  });

  await test.step('its end counts it as watched and offers the next lesson', async () => {
    const video = await readyVideo(page);
    const duration = await video.evaluate((player: HTMLVideoElement) => player.duration);
    const saved = progressSaved(page);
    await playFrom(video, duration - 1.5);
    await expect(page.getByRole('link', { name: copy.nextLesson })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await expectWatchedOneOfFive(page);
  });

  const elsewhere = await browser.newContext({ baseURL });
  try {
    const otherPage = await elsewhere.newPage();
    await test.step('a new sign-in link in a fresh browser shows the same progress', async () => {
      await otherPage.goto('/course');
      await expect(otherPage.getByRole('heading', { name: copy.noSession })).toBeVisible();
      await sendSignInCode(otherPage, address);
      await openSignInLink(otherPage, watchLinkOf((await waitForMail(address, 2))[1]));
      await expectWatchedOneOfFive(otherPage);
      await expect(otherPage.getByRole('button', { name: copy.startOver })).toHaveCount(0);
    });
  } finally {
    await elsewhere.close();
  }
});
