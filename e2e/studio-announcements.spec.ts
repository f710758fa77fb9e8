import { expect, type Page, test } from '@playwright/test';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';
import { openSignInLink, waitForMail, watchLinkOf } from './course-helpers';
import { OWNER, openSection, serverOfItsOwn, signInAsOwner } from './studio-helpers';

// Announcements end to end on a server of their own (the owner's send reaches every learner who said yes there):
// a learner ticks "E-mail me when new lessons are added" on /course beside the reminders; the owner writes one in
// the studio, tests it, and sends it; the learner's mailbox has it once, with both unsubscribe headers; the
// one-click POST a mailbox provider makes withdraws that consent only, and the studio counts it.
const LEARNER = 'ada-announce@example.com';
const copy = {
  announcements: 'E-mail me when new lessons are added',
  reminders: 'E-mail me if I pause for a week',
};

const server = serverOfItsOwn('studio-announcements');
const mailOf = (address: string, count: number) => waitForMail(address, count, server.mailFolder);

const box = (page: Page, name: string) => page.getByRole('checkbox', { name });

test('a learner opts in, the owner sends an announcement once, and its one-click unsubscribe stops only it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const learner = await browser.newPage({ viewport: { width: 375, height: 667 } });

  await test.step('the learner signs up and ticks both e-mails on /course', async () => {
    const signup = await request.post(`${server.baseUrl}/functions/v1/send-email`, {
      headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
      data: { name: 'Ada Lovelace', email: LEARNER },
    });
    expect(signup.ok()).toBe(true);
    const [courseEmail] = await mailOf(LEARNER, 1);
    await openSignInLink(learner, watchLinkOf(courseEmail));
    for (const name of [copy.announcements, copy.reminders]) {
      await expect(box(learner, name)).toBeEnabled();
      await expect(box(learner, name)).not.toBeChecked();
      await box(learner, name).check();
    }
    await expect(
      learner.getByRole('status').filter({ hasText: "Saved. We'll e-mail you when there is something new." }),
    ).toBeVisible();
  });

  const subject = 'Live session on Thursday';
  await test.step('the owner writes one, sees who gets it, tests it, and sends it', async () => {
    await signInAsOwner(page, server);
    await openSection(page, 'Announcements');
    const form = page.getByRole('form', { name: 'New announcement' });
    await expect(
      form.getByText('1 learner has asked for announcements and will get this one.'),
    ).toBeVisible();
    await form.getByRole('textbox', { name: /^Subject/ }).fill(subject);
    await form
      .getByRole('textbox', { name: /^Text/ })
      .fill('Join me live at 18:00 <UTC>.\n\nBring one question about your plan.');
    const preview = page.frameLocator('iframe[title="Preview of the announcement"]');
    await expect(preview.getByText('Join me live at 18:00 <UTC>.')).toBeVisible();
    await form.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(form.getByRole('status')).toContainText(`Test sent to ${OWNER}.`);
    const [, ownerTest] = await mailOf(OWNER, 2);
    expect(ownerTest?.subject).toBe(`[Test] ${subject}`);

    await form.getByRole('button', { name: 'Send to 1 learner' }).click();
    await page
      .getByRole('dialog', { name: `Send “${subject}”?` })
      .getByRole('button', { name: 'Send it' })
      .click();
    await expect(form.getByRole('status')).toHaveText(
      'Sent. The e-mail goes out through the outbox at the provider’s pace.',
    );
    await expect(form.getByRole('textbox', { name: /^Subject/ })).toHaveValue('');
  });

  await test.step('the learner gets it once, with both unsubscribe headers; one click stops announcements only', async () => {
    const [, announcement] = await mailOf(LEARNER, 2);
    expect(announcement?.subject).toBe(subject);
    expect(announcement?.text).toContain(
      'Join me live at 18:00 <UTC>.\n\nBring one question about your plan.',
    );
    expect(announcement?.text).toMatch(/^Open the course: \S+$/m);
    expect(announcement?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(\S+)>$/.exec(announcement?.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(new URL(oneClick).pathname).toBe('/functions/v1/send-email/unsubscribe');

    const unsubscribed = await request.post(oneClick, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status()).toBe(200);

    await learner.reload();
    await expect(box(learner, copy.announcements)).toBeEnabled();
    await expect(box(learner, copy.announcements)).not.toBeChecked();
    await expect(box(learner, copy.reminders)).toBeChecked();
  });

  await test.step('the studio counts it sent and unsubscribed, and nobody is left to send to', async () => {
    await page.reload();
    const row = page
      .getByRole('table', { name: 'Announcements sent, newest first' })
      .getByRole('row', { name: new RegExp(subject) });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1 of 1');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await expect(page.getByText(/^No learner has asked for announcements yet\./)).toBeVisible();
    expect(await mailOf(LEARNER, 2)).toHaveLength(2);
  });
});
