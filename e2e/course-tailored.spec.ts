import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { openSignInLink, videoState, waitForMail, watchLinkOf } from './course-helpers';
import { STORAGE_KEY, copy as signupCopy, next, openHome, signupSection } from './signup-helpers';

/**
 * The sign-up keeps its promises, against the real embedded server: the free preview lesson plays in place
 * at once, the answers given on `/` tailor `/course` opened from the e-mail in a new tab of the same browser,
 * "Forget my answers" removes them, and no request of the whole journey carries an answer.
 */
const answers = {
  worry: 'AI taking over jobs',
  dream: 'Deep-sea explorer',
  ageGroup: '25–44',
  strength: 'Leadership',
};
/** Every way an answer could travel: as typed, URL-encoded, and the age group's id. */
const secrets = [answers.worry, answers.dream, answers.strength, '25-35'].flatMap((answer) => [
  answer,
  encodeURIComponent(answer),
]);

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

/** The player has played past its start, with its captions showing. */
async function expectPlaying(video: Locator) {
  await expect.poll(async () => (await videoState(video)).captionsMode).toBe('showing');
  await expect.poll(async () => (await videoState(video)).cueCount).toBeGreaterThan(0);
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(0.5);
}

for (const width of [375, 1440]) {
  test(`at ${width} px: watch at once, a course tailored by answers that never leave the device, and forget them`, async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    const sent: Request[] = [];
    context.on('request', (request) => sent.push(request));
    const address = `tailored-${width}-${Date.now()}@example.com`;

    await test.step('answer the questions and sign up; "Start lesson 1 now" plays the preview in place', async () => {
      await openHome(page);
      const form = signupSection(page);
      await next(form);
      await form.getByRole('checkbox', { name: answers.worry }).check();
      await next(form);
      await form.getByRole('textbox', { name: signupCopy.titles[3] }).fill(answers.dream);
      await next(form);
      await form.getByRole('radio', { name: answers.ageGroup }).check();
      await form.getByRole('checkbox', { name: answers.strength }).check();
      await next(form);
      await form.getByRole('textbox', { name: 'Your name' }).fill('Grace Hopper');
      await form.getByRole('textbox', { name: 'Your email' }).fill(address);
      await form.getByRole('button', { name: signupCopy.submit }).click();
      await expect(form.getByRole('status')).toHaveText(signupCopy.sent);
      await form.getByRole('button', { name: 'Start lesson 1 now' }).click();
      await expect(form.getByRole('heading', { level: 4, name: 'Why plan with three lenses' })).toBeFocused();
      await expectPlaying(form.locator('video'));
      await expectNoAxeViolations(page);
      // Paused part-way: how far it got is kept on the device, to count once she signs in.
      await form.locator('video').evaluate((video: HTMLVideoElement) => video.pause());
    });

    const [courseEmail] = await waitForMail(address, 1);
    const course = await context.newPage();
    await test.step("the e-mail's link in a new tab: /course marks the lessons and echoes the answers", async () => {
      await openSignInLink(course, watchLinkOf(courseEmail));
      await expect(course.getByRole('button', { name: 'Sign out' })).toBeVisible();
      const lessons = course.getByRole('navigation', { name: 'Lessons' });
      await expect(lessons.getByText('For you')).not.toHaveCount(0);
      await expect(
        lessons.getByRole('link', { name: 'Why plan with three lenses' }),
      ).toHaveAccessibleDescription(/In progress/);
      await expect(lessons.getByRole('link', { name: 'Lens one: trends' })).toHaveAccessibleDescription(
        /For you/,
      );
      await expect(
        course.getByText('You said you worry about AI taking over jobs: lesson 2 starts there.'),
      ).toBeVisible();
      await expectNoAxeViolations(course);
    });

    await test.step('"Forget my answers" removes them from the device; the short form is offered again', async () => {
      await course.getByRole('button', { name: 'Forget my answers' }).click();
      await expect(course.getByRole('status').filter({ hasText: 'Your answers are gone' })).toBeVisible();
      await expect(course.getByText('For you', { exact: true })).toHaveCount(0);
      expect(await course.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)).toBeNull();
      await course.reload();
      await expect(course.getByRole('heading', { name: 'Make this course yours' })).toBeVisible();
      await course.getByRole('button', { name: 'Not now' }).click();
      await expect(course.getByRole('heading', { name: 'Make this course yours' })).toHaveCount(0);
    });

    await test.step('no request of the whole journey carried an answer, in its address or its body', async () => {
      expect(sent.length).toBeGreaterThan(10);
      for (const request of sent) {
        const carried = `${request.url()}\n${request.postData() ?? ''}`;
        for (const secret of secrets) expect(carried, request.url()).not.toContain(secret);
      }
      const signups = sent.filter((request) => request.url().endsWith('/functions/v1/send-email'));
      expect(signups.map((request) => request.postDataJSON())).toEqual([
        { name: 'Grace Hopper', email: address },
      ]);
    });
  });
}

test('a visitor who is not signed in watches the free preview on /course, and nothing more', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/course');
  await page.getByRole('button', { name: 'Watch lesson 1 now, free' }).click();
  await expect(page.getByText('Free preview · Lesson 1 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Why plan with three lenses' })).toBeFocused();
  await expectPlaying(page.locator('video'));
  const lessons = page.getByRole('region', { name: 'Lessons' });
  await expect(lessons.getByRole('button', { name: 'Watch free' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true }).last()).toBeVisible();
});
