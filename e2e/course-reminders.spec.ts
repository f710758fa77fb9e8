import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  lessonTitles,
  openSignInLink,
  signUpByRequest,
  waitForMail,
  watchLinkOf,
  withServerDatabase,
} from './course-helpers';

/**
 * Reminders end to end against the real embedded server, at 375 px: a learner asks for them on /course; a week
 * later (the test moves their answer back and runs the server's reminder query, as its clock would) the file
 * mailbox gets a reminder naming the next lesson, whose link opens it; the reminder's unsubscribe page stops
 * them with one tap, and /course then shows them off.
 */
const copy = {
  reminders: 'E-mail me if I pause for a week',
  saved: "Saved. If you pause for a week, we'll e-mail you your next lesson.",
  unsubscribe: 'Unsubscribe',
  unsubscribed: "You're unsubscribed",
};

const reminderBox = (page: Page) => page.getByRole('checkbox', { name: copy.reminders });

test.use({ viewport: { width: 375, height: 667 } });

test('asked for on /course, sent after an idle week, and stopped with one tap on the unsubscribe page', async ({
  page,
  request,
}) => {
  const address = `remind-${Date.now()}@example.com`;
  await signUpByRequest(request, 'Ada Lovelace', address);
  const [courseEmail] = await waitForMail(address, 1);
  await openSignInLink(page, watchLinkOf(courseEmail));

  const box = reminderBox(page);
  await expect(page.getByRole('navigation', { name: 'Lessons' })).toBeVisible();
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  // Right under the player on a phone, above the lesson list: a screen down, not three.
  const boxTop = (await box.boundingBox())?.y ?? Infinity;
  const listTop = (await page.getByRole('navigation', { name: 'Lessons' }).boundingBox())?.y ?? 0;
  expect(boxTop).toBeLessThan(listTop);
  expect(boxTop).toBeLessThan(2 * 667);
  await expect(box).toHaveAccessibleDescription(/At most 3 reminders, a week apart/);
  await box.check();
  await expect(page.getByRole('status').filter({ hasText: copy.saved })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.reload();
  await expect(reminderBox(page)).toBeChecked();

  await withServerDatabase(async (db) => {
    await db.query(
      `update public.reminder_consents set created_at = now() - interval '8 days'
        where user_id = (select id from auth.users where lower(email) = lower($1))`,
      [address],
    );
    const { rows } = await db.query<{ queued: number }>('select public.queue_pause_reminders() as queued');
    expect(rows[0]?.queued).toBeGreaterThanOrEqual(1);
  });
  const [, reminder] = await waitForMail(address, 2);
  expect(reminder?.subject).toBe(`Your next lesson is waiting: ${lessonTitles[0]}`);
  expect(reminder?.text).toContain(`Your next lesson is "${lessonTitles[0]}".`);
  const continueLink = /^Continue the course: (\S+)$/m.exec(reminder?.text ?? '')?.[1] ?? '';
  expect(new URL(continueLink).searchParams.get('lesson')).toBe('why-three-lenses');
  const unsubscribeLink = /^Unsubscribe from reminders: (\S+)$/m.exec(reminder?.text ?? '')?.[1] ?? '';
  expect(new URL(unsubscribeLink).pathname).toBe('/unsubscribe');

  await page.goto(unsubscribeLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Stop reminder e-mails?' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: copy.unsubscribe }).click();
  await expect(page.getByRole('heading', { level: 1, name: copy.unsubscribed })).toBeFocused();

  await page.goto('/course');
  await expect(reminderBox(page)).toBeEnabled();
  await expect(reminderBox(page)).not.toBeChecked();
});

test('the unsubscribe page without its token says what to do instead', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page.getByRole('alert')).toContainText('This link has lost part of its address.');
  await expect(page.getByRole('button', { name: copy.unsubscribe })).toHaveCount(0);
});
