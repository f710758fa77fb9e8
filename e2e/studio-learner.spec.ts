import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  markWatched,
  openSignInLink,
  signUpByRequest,
  waitForMail,
  watchLinkOf,
  withServerDatabase,
} from './course-helpers';
import { OWNER, openSection, serverOfItsOwn, signInAsOwner } from './studio-helpers';

// One learner's page in the studio, on a server of its own: the owner sees her lessons and e-mails, resends the
// course e-mail, corrects a mistyped address (the old address's links and sessions stop working, her device signs out, the new one
// gets the course e-mail), and downloads the CSV with everyone's progress and consents and no owner.
const MISTYPED = 'ada@exampel.com';
const CORRECTED = 'ada@example.com';

const server = serverOfItsOwn('studio-learner');
const mailOf = (address: string, count: number) => waitForMail(address, count, server.mailFolder);

test('the owner opens a learner, resends her course e-mail, corrects her address and downloads everyone’s progress', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const learnerContext = await browser.newContext({ baseURL: server.baseUrl });
  const learner = await learnerContext.newPage();

  await test.step('a learner signs up with a mistyped address, opens the course from its e-mail, asks for announcements and watches a lesson', async () => {
    await signUpByRequest(learnerContext.request, 'Ada Lovelace', MISTYPED);
    await openSignInLink(learner, watchLinkOf((await mailOf(MISTYPED, 1))[0]));
    await expect(learner.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await learner.getByRole('checkbox', { name: 'E-mail me when new lessons are added' }).check();
    await expect(learner.getByText("Saved. We'll e-mail you when there is something new.")).toBeVisible();
    await markWatched(learner, [1]);
  });

  await test.step('the owner opens her page from the list: her lessons, e-mails and announcement answer', async () => {
    await signInAsOwner(page, server);
    await openSection(page, 'Learners');
    await expect(page.getByRole('link', { name: 'The coach' })).toBeHidden();
    await page.getByRole('link', { name: 'Ada Lovelace' }).click();
    await expect(page.getByRole('heading', { level: 3, name: /Ada Lovelace/ })).toBeFocused();
    expect(new URL(page.url()).hash).toMatch(/^#learners\/\d+$/);
    const lessons = page.getByRole('table', { name: 'Each published lesson and how far they got' });
    await expect(lessons.getByRole('row', { name: /Why plan with three lenses/ })).toContainText('Watched');
    await expect(lessons.getByRole('row', { name: /Lens one: trends/ })).toContainText('Not started');
    const emails = page.getByRole('table', { name: 'Every e-mail to them, newest first' });
    // The file mailbox wrote a file: the page says so in the Outbox's words, never "Delivered".
    await expect(emails.getByRole('row', { name: /Course e-mail/ })).toContainText(
      `${MISTYPED}Written to the mail folder: no mail server is set`,
    );
    await expect(page.getByLabel('Sign-up and course')).toContainText('Announcement e-mailsYes, since');
    await expect(
      page
        .getByRole('table', { name: /E-mail me when new lessons are added/ })
        .getByRole('row')
        .nth(1),
    ).toContainText('Yes, e-mail me new lessonsOn the course page');
  });

  await test.step('resends the course e-mail: not within 10 minutes of the last, then it goes', async () => {
    const resend = page.getByRole('button', { name: 'Resend the course e-mail' });
    await resend.click();
    await expect(page.getByRole('status')).toHaveText(
      `Nothing changed: A course e-mail went to ${MISTYPED} less than 10 minutes ago: give it a few minutes to arrive.`,
    );
    await withServerDatabase(async (db) => {
      await db.query(`update public.signups set last_email_queued_at = now() - interval '11 minutes'`);
    }, server.dataDir);
    await resend.click();
    await expect(page.getByRole('status')).toHaveText(
      `The course e-mail is on its way to ${MISTYPED}, with a fresh sign-in link.`,
    );
    await mailOf(MISTYPED, 2);
  });

  const mailedToTheOldAddress = watchLinkOf((await mailOf(MISTYPED, 2))[1]);

  await test.step('corrects her address: the new address gets the course e-mail, the old one’s link and session stop working', async () => {
    await page.getByRole('textbox', { name: 'Correct their address' }).fill(CORRECTED);
    await page.getByRole('button', { name: 'Change address' }).click();
    const dialog = page.getByRole('dialog', { name: `Change ${MISTYPED} to ${CORRECTED}?` });
    await dialog.getByRole('button', { name: 'Change address' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Changed to ${CORRECTED}. The course e-mail is on its way there.`,
    );
    await expect(page.getByRole('heading', { level: 3, name: /Ada Lovelace/ })).toContainText(CORRECTED);
    await expect(page.getByText(`${MISTYPED} → ${CORRECTED}, by ${OWNER}`)).toBeVisible();

    const [newCourseEmail] = await mailOf(CORRECTED, 1);
    // Her device's session under the old address is refused: the page ends it and offers to sign in again.
    await learner.reload();
    await expect(learner.getByRole('heading', { name: "You're signed out" })).toBeVisible();
    await expect(learner.getByRole('button', { name: 'Sign out' })).toBeHidden();
    await openSignInLink(learner, mailedToTheOldAddress);
    await expect(
      learner.getByRole('heading', { name: 'That link has expired or was already used' }),
    ).toBeVisible();
    await openSignInLink(learner, watchLinkOf(newCourseEmail));
    await expect(learner.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(learner.getByText('Continue: Lesson 2', { exact: true })).toBeVisible();
  });

  await test.step('at 375 px her page fits the screen; Back returns to the list, on her link', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    const emails = page.getByRole('table', { name: 'Every e-mail to them, newest first' });
    await expect(emails.getByRole('row')).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeFocused();
  });

  await test.step('downloads signups.csv with each learner’s progress and consents and no owner', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('signups.csv');
    const [header, row, ...rest] = (await readFile((await file.path()) ?? '', 'utf8')).split('\r\n');
    expect(header).toBe(
      '"id","email","name","consent_version","source","first_signed_up_at","last_signed_up_at","signup_count","reminders","reminders_answered_at","reminders_wording_version","announcements","announcements_answered_at","announcements_wording_version","kept_answers","kept_answers_updated_at","lessons_watched","finished_at","last_active_at","rating","comment","unsubscribed"',
    );
    expect(row).toMatch(
      /^"\d+","ada@example\.com","Ada Lovelace",.*,"false","","","true","20\d\d-[^"]+","announcements-2026-12","","","1","","20\d\d-[^"]+","","","false"$/,
    );
    expect(rest).toEqual(['']);
    await expect(page.getByRole('status')).toHaveText(/^Downloaded signups\.csv with 1 sign-up\./);
  });

  await learnerContext.close();
});
