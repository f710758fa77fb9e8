import { expect, type Page, test } from '@playwright/test';
import {
  lessonTitles,
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
 * The course behind the sign-up, end to end against the real embedded server: the sign-up's e-mail in the file
 * mailbox signs the visitor in to /course, the first lesson plays with captions, the link works once, "Send me
 * a code" mails a new link that works, the landing page unlocks the course, and "Sign out" ends it.
 */
const copy = {
  courseEmailSubject: 'Your free Three Lenses course is ready to watch',
  signInEmailSubject: 'Your sign-in link for Three Lenses',
  title: 'Your free course',
  lessons: 'Lessons',
  linkRefused: 'That link has expired or was already used',
  signOut: 'Sign out',
  signedOut: "You're signed out",
  noSession: 'Sign in to watch',
  unlocked: 'Continue the course',
};

/** The contract's shape: `SITE_URL/course?token_hash=<hashed token>&type=magiclink`, nothing else. */
function expectSignInLinkShape(link: string, baseURL: string | undefined) {
  const url = new URL(link);
  expect(url.origin).toBe(baseURL);
  expect(url.pathname).toBe('/course');
  expect([...url.searchParams.keys()]).toEqual(['token_hash', 'type']);
  expect(url.searchParams.get('token_hash')).toMatch(/^[0-9a-f]{32,}$/);
  expect(url.searchParams.get('type')).toBe('magiclink');
}

/** Signed in: the lessons in order, the first one on show, and "Sign out" offered. */
async function expectSignedIn(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
  const lessons = page.getByRole('navigation', { name: copy.lessons });
  await expect(lessons.getByRole('link')).toHaveText(lessonTitles);
  await expect(lessons.getByRole('link', { name: lessonTitles[0] })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: lessonTitles[0] })).toBeVisible();
  // A first visit says where lesson 1 stands in the course; a visit after some of it, where it picks up (and at
  // what time, once the player saved a place past the start).
  await expect(page.getByText(/^(Lesson 1 of 5|Continue: Lesson 1( at \d+:\d\d)?)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: copy.signOut })).toBeVisible();
}

test('sign up, sign in with the e-mailed link, watch, reuse the link, get a new one, see the course unlocked, sign out', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const address = `learner-${Date.now()}@example.com`;

  await test.step('sign up on the landing page: the course e-mail carries a one-time sign-in link', async () => {
    await openHome(page);
    const form = signupSection(page);
    await answerUpToContact(form);
    await fillContact(form, 'Ada Lovelace', address);
    await form.getByRole('button', { name: signupCopy.submit }).click();
    await expect(form.getByRole('status')).toHaveText(signupCopy.sent);
  });
  const [courseEmail] = await waitForMail(address, 1);
  expect(courseEmail?.subject).toBe(copy.courseEmailSubject);
  const firstLink = watchLinkOf(courseEmail);
  expectSignInLinkShape(firstLink, baseURL);

  await test.step('the link, once tapped through, signs in to /course and leaves no token in the address bar', async () => {
    await openSignInLink(page, firstLink);
    await expectSignedIn(page);
    await expect(page).toHaveURL(`${baseURL}/course`);
  });

  const video = page.locator('video');
  await test.step('the first lesson plays when asked, with its captions showing', async () => {
    await expect.poll(async () => (await videoState(video)).captionsMode).toBe('showing');
    await expect.poll(async () => (await videoState(video)).cueCount).toBeGreaterThan(0);
    // Playing needs a user gesture: a click on the player, as a visitor starts it.
    await tapPlay(page, video);
    await expect
      .poll(async () => (await videoState(video)).currentTime, { timeout: 10_000 })
      .toBeGreaterThan(0.5);
  });

  await test.step("the video's signed address serves byte ranges; without its token it serves nothing", async () => {
    const signed = new URL((await videoState(video)).source);
    expect(signed.pathname).toMatch(/^\/storage\/v1\/object\/sign\/course\/.+\.mp4$/);
    const range = await request.get(signed.href, { headers: { Range: 'bytes=0-99' } });
    expect(range.status()).toBe(206);
    expect(range.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect((await range.body()).length).toBe(100);
    const unsigned = await request.get(`${signed.origin}${signed.pathname}`, {
      headers: { Range: 'bytes=0-99' },
    });
    expect(unsigned.status()).toBe(400);
    expect(unsigned.headers()['content-type']).not.toMatch(/^video\//);
  });

  await test.step('a reload keeps the session', async () => {
    await page.reload();
    await expectSignedIn(page);
  });

  const elsewhere = await browser.newContext({ baseURL });
  try {
    const otherPage = await elsewhere.newPage();
    await test.step('the same link in a fresh browser is refused, and a new code and link are offered', async () => {
      await openSignInLink(otherPage, firstLink);
      await expect(otherPage.getByRole('heading', { name: copy.linkRefused })).toBeVisible();
      await expect(otherPage).toHaveURL(`${baseURL}/course`);
      await sendSignInCode(otherPage, address);
    });
    const [, signInEmail] = await waitForMail(address, 2);
    expect(signInEmail?.subject).toBe(copy.signInEmailSubject);
    const newLink = watchLinkOf(signInEmail);
    expectSignInLinkShape(newLink, baseURL);
    expect(newLink).not.toBe(firstLink);

    await test.step('the new link signs the fresh browser in', async () => {
      await openSignInLink(otherPage, newLink);
      await expectSignedIn(otherPage);
    });
  } finally {
    await elsewhere.close();
  }

  await test.step('the landing page shows the course unlocked, a link to /course', async () => {
    await openHome(page);
    await expect(
      page
        .getByRole('region', { name: 'Learn how to Strategise your Personal Future' })
        .getByRole('link', { name: copy.unlocked, exact: true }),
    ).toHaveAttribute('href', '/course');
  });

  await test.step('"Sign out" on /course ends the session', async () => {
    await page.goto('/course');
    await page.getByRole('button', { name: copy.signOut }).click();
    await expect(page.getByRole('heading', { name: copy.signedOut })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: copy.noSession })).toBeVisible();
    await expect(page.getByRole('button', { name: copy.signOut })).toHaveCount(0);
  });
});
