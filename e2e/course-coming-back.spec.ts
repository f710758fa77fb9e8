import { type Browser, expect, type Page, test } from '@playwright/test';
import { STORAGE_KEY } from './signup-helpers';
import {
  codeOf,
  lessonTitles,
  markWatched,
  openSignInLink,
  sendSignInCode,
  signInCopy,
  signUpByRequest,
  tapPlay,
  typeSignInCode,
  waitForMail,
  watchLinkOf,
  withServerDatabase,
} from './course-helpers';

/**
 * Coming back, end to end against the real embedded server: the code signs in on another device, only a
 * person's tap spends a link, a new link voids the older ones, /course opens where the learner stopped on any
 * device, the end of the course is honest and stays, and "Sign in" on the landing page leads back in.
 */
const copy = {
  continueButton: 'Continue to your course',
  lessons: 'Lessons',
  linkRefused: 'That link has expired or was already used',
  signIn: 'Sign in',
  finished: "You've finished the course!",
};

const lessonsNav = (page: Page) => page.getByRole('navigation', { name: copy.lessons });

async function expectSignedIn(page: Page) {
  await expect(lessonsNav(page).getByRole('link')).toHaveText(lessonTitles);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

async function signUp(request: Parameters<typeof signUpByRequest>[0], prefix: string) {
  const address = `${prefix}-${Date.now()}@example.com`;
  await signUpByRequest(request, 'Ada Lovelace', address);
  return { address, email: (await waitForMail(address, 1))[0] };
}

async function withFreshBrowser<T>(
  browser: Browser,
  baseURL: string | undefined,
  use: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({ baseURL });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

async function signInWithCode(page: Page, address: string, code: string) {
  await page.goto('/course');
  await page.getByRole('textbox', { name: signInCopy.emailLabel }).fill(address);
  await page.getByRole('button', { name: signInCopy.haveCode }).click();
  await typeSignInCode(page, code);
}

/**
 * Plays the lesson on show from a second before its end (muted: a browser plays that without a gesture); what
 * its end brings is the caller's to wait for.
 */
async function playToTheEnd(page: Page, title: string) {
  const video = page.getByLabel(title, { exact: true }).and(page.locator('video'));
  await expect.poll(() => video.evaluate((player: HTMLVideoElement) => player.readyState)).toBeGreaterThan(0);
  await video.evaluate((player: HTMLVideoElement) => {
    player.muted = true;
    player.currentTime = player.duration - 1;
    return player.play();
  });
}

test('the link tapped through in one browser, the code typed in another: both are in', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { address, email } = await signUp(request, 'code');
  await openSignInLink(page, watchLinkOf(email));
  await expectSignedIn(page);

  await withFreshBrowser(browser, baseURL, async (laptop) => {
    await openSignInLink(laptop, watchLinkOf(email));
    await expect(laptop.getByRole('heading', { name: copy.linkRefused })).toBeVisible();
    await expect(laptop.getByText(/its 6-digit code works on any device/)).toBeVisible();
    await signInWithCode(laptop, address, codeOf(email));
    await expectSignedIn(laptop);
  });
});

test("a browser that opens the link and taps nothing spends nothing; the learner's own tap then signs in", async ({
  browser,
  baseURL,
  request,
}) => {
  const { email } = await signUp(request, 'scanner');
  const link = watchLinkOf(email);
  await withFreshBrowser(browser, baseURL, async (scanner) => {
    await scanner.goto(link);
    await expect(scanner.getByRole('button', { name: copy.continueButton })).toBeVisible();
    await scanner.waitForTimeout(5_000);
    await expect(scanner.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });
  await withFreshBrowser(browser, baseURL, async (learner) => {
    await openSignInLink(learner, link);
    await expectSignedIn(learner);
  });
});

test('of three links sent to one address, only the newest signs in', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { address, email } = await signUp(request, 'three-links');
  const links = [watchLinkOf(email)];
  const askForNewLink = async () => {
    await page.goto('/course');
    await sendSignInCode(page, address);
    links.push(watchLinkOf((await waitForMail(address, links.length + 1)).at(-1)));
  };
  await askForNewLink();
  // At most one sign-in e-mail a minute per address (GoTrue's frequency): the minute passes in the database.
  await withServerDatabase(async (db) => {
    await db.query(
      "update public.signups set last_sign_in_link_queued_at = last_sign_in_link_queued_at - interval '61 seconds' where lower(email) = lower($1)",
      [address],
    );
  });
  await askForNewLink();

  for (const [index, link] of links.entries()) {
    await withFreshBrowser(browser, baseURL, async (device) => {
      await openSignInLink(device, link);
      if (index < links.length - 1) {
        await expect(device.getByRole('heading', { name: copy.linkRefused })).toBeVisible();
      } else {
        await expectSignedIn(device);
      }
    });
  }
});

test('a second device opens where the learner stopped: lesson 2, at its saved place', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { address, email } = await signUp(request, 'resume');
  await openSignInLink(page, watchLinkOf(email));
  await expectSignedIn(page);
  await markWatched(page, [1]);
  await page.reload();
  await expect(page.getByText('Continue: Lesson 2', { exact: true })).toBeVisible();
  const video = page.getByLabel(lessonTitles[1] ?? '', { exact: true }).and(page.locator('video'));
  await expect.poll(() => video.evaluate((player: HTMLVideoElement) => player.readyState)).toBeGreaterThan(0);
  await tapPlay(page, video);
  await video.evaluate((player: HTMLVideoElement) => {
    player.currentTime = 14;
  });
  const saved = page.waitForResponse(
    (answer) => answer.url().includes('/rest/v1/lesson_progress') && answer.request().method() === 'POST',
  );
  await video.evaluate((player: HTMLVideoElement) => player.pause());
  expect((await saved).ok()).toBe(true);

  await withFreshBrowser(browser, baseURL, async (phone) => {
    await signInWithCode(phone, address, codeOf(email));
    await expect(phone.getByText(/^Continue: Lesson 2 at 0:[1-4]\d$/)).toBeVisible();
    await expect(phone.getByRole('heading', { level: 2, name: lessonTitles[1] })).toBeVisible();
    await expect(phone).toHaveURL(`${baseURL}/course`);
  });
});

test('the last lesson with one unwatched is not the end; the end comes with the last, and stays after a reload', async ({
  page,
  request,
}) => {
  const { email } = await signUp(request, 'finish');
  await openSignInLink(page, watchLinkOf(email));
  await expectSignedIn(page);
  await markWatched(page, [1, 2, 3]);
  await page.goto('/course?lesson=from-opportunities-to-action');
  await playToTheEnd(page, lessonTitles[4] ?? '');
  await expect(page.getByRole('heading', { name: "You've watched 4 of 5 lessons" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(`Still to watch: ${lessonTitles[3]}.`)).toBeVisible();
  await expect(page.getByText(/finished/)).toHaveCount(0);

  await page.getByRole('link', { name: `Next lesson: ${lessonTitles[3]}` }).click();
  await playToTheEnd(page, lessonTitles[3] ?? '');
  await expect(page.getByRole('heading', { name: copy.finished })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/course$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: copy.finished })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your next step' })).toBeVisible();
  await expect(page.getByText('5 of 5 watched', { exact: true })).toBeVisible();
});

test('at 375 px, "Sign in" on the landing page asks for the address once; its code signs in, the lesson on screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { address } = await signUp(request, 'sign-in');
  await page.goto('/');
  await page.getByRole('link', { name: copy.signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/course$/);
  await expect(page.getByRole('textbox', { name: signInCopy.emailLabel })).toBeInViewport();
  await sendSignInCode(page, address);
  await expect(page.getByText(`If ${address} signed up, an e-mail with a 6-digit code`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Not you?' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send a new code in [01]:\d\d$/ })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: signInCopy.emailLabel })).toHaveCount(0);

  const [, signInEmail] = await waitForMail(address, 2);
  await typeSignInCode(page, codeOf(signInEmail));
  await expectSignedIn(page);
  const lesson = page.getByRole('heading', { level: 2, name: lessonTitles[0] });
  await expect(lesson).toBeFocused();
  await expect(lesson).toBeInViewport();
  await expect(page.getByText('Lesson 1 of 5', { exact: true })).toBeInViewport();
});

test('answers kept with her account follow her to a browser signed in by code, and go when she unticks', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { address, email } = await signUp(request, 'kept');
  const keep = (on: Page) =>
    on.getByRole('checkbox', {
      name: 'Keep my answers and plan with my account, so they follow me to other devices',
    });
  const echo = 'You said you worry about AI taking over jobs: lesson 2 starts there.';
  await page.goto('/course');
  await page.evaluate(
    ({ key, address }) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          step: 5,
          answers: {
            ageGroup: '25-35',
            worries: ['AI taking over jobs'],
            dream: 'Deep-sea explorer',
            strengths: ['Leadership'],
            name: 'Ada Lovelace',
            email: address,
          },
        }),
      ),
    { key: STORAGE_KEY, address },
  );
  await openSignInLink(page, watchLinkOf(email));
  await expectSignedIn(page);
  await expect(page.getByText(echo)).toBeVisible();
  await expect(keep(page)).not.toBeChecked();
  await keep(page).check();
  await expect(page.getByText('Saved. Your answers and plan will be here when you sign in')).toBeVisible();

  await withFreshBrowser(browser, baseURL, async (laptop) => {
    await signInWithCode(laptop, address, codeOf(email));
    await expectSignedIn(laptop);
    await expect(keep(laptop)).toBeChecked();
    await expect(laptop.getByText(echo)).toBeVisible();
    // Never the address: it is not part of what the account keeps.
    expect(await laptop.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).not.toContain(address);
    await keep(laptop).uncheck();
    await expect(laptop.getByText('Saved. Your answers and plan are gone from your account')).toBeVisible();
  });

  await withFreshBrowser(browser, baseURL, async (phone) => {
    await phone.goto('/course');
    await sendSignInCode(phone, address);
    const [, signInEmail] = await waitForMail(address, 2);
    await typeSignInCode(phone, codeOf(signInEmail));
    await expectSignedIn(phone);
    await expect(phone.getByRole('heading', { name: 'Make this course yours' })).toBeVisible();
    await expect(keep(phone)).not.toBeChecked();
  });
});
