import { expect, type Page, test } from '@playwright/test';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';
import { waitForMail, withServerDatabase } from './course-helpers';
import { openSection, serverOfItsOwn, signInAsOwner } from './studio-helpers';

// The coach's studio on a phone, on a server of its own: every section in reach of the navigation, every table a
// list of cards with its actions in sight, and the Outbox's record of each e-mail, found by its address.
const LEARNER = 'noor@example.com';

const server = serverOfItsOwn('studio-phone');

/**
 * Nothing on the page, and nothing in any table, is wider than its box: nothing to find by scrolling sideways. On
 * failure, names the elements that reach past the screen's edge.
 */
async function expectNoSidewaysScrolling(page: Page) {
  const overflowing = await page.evaluate(() => {
    const wide = [
      document.documentElement,
      ...document.querySelectorAll('[data-slot="data-table"], table'),
    ].some((element) => element.scrollWidth > element.clientWidth + 1);
    if (!wide) return [];
    return [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName} ${element.className.toString().slice(0, 80)}`.trim());
  });
  expect(overflowing).toEqual([]);
}

/** Every cell of every table, buttons and all, lies within the screen's width. */
async function expectEveryCellInSight(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const outside = await page
    .locator('tbody')
    .getByRole('cell')
    .or(page.locator('tbody').getByRole('rowheader'))
    .evaluateAll(
      (cells, screenWidth) =>
        cells
          .filter((cell) => {
            const box = cell.getBoundingClientRect();
            return box.left < 0 || box.right > screenWidth + 1;
          })
          .map((cell) => cell.textContent),
      width,
    );
  expect(outside).toEqual([]);
}

test('at 375 px the coach reaches every section, sees every table’s rows and actions, and finds an e-mail by its address', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const answer = await page.request.post(`${server.baseUrl}/functions/v1/send-email`, {
    headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
    data: { name: 'Noor', email: LEARNER },
  });
  expect(answer.ok()).toBe(true);
  await waitForMail(LEARNER, 1, server.mailFolder);
  // An e-mail the provider refused for good, for the Outbox's table of failed e-mails and its Retry.
  await withServerDatabase(async (db) => {
    await db.query(`
      with signup as (
        insert into public.signups (email, name, consent_version, source)
        values ('bounced@example.com', 'Bo', 'v1', 'embedded') returning id
      )
      insert into public.email_outbox (signup_id, recipient, status, attempts, last_error)
      select id, 'bounced@example.com', 'dead', 8, 'SMTP 550: mailbox unavailable'
        from signup`);
  }, server.dataDir);
  await signInAsOwner(page, server);

  const navigation = page.getByRole('navigation', { name: 'Studio sections' });
  const sections = await navigation.getByRole('link').allTextContents();
  expect(sections.length).toBeGreaterThanOrEqual(7);
  for (const name of sections) {
    await test.step(`${name}: in sight in the navigation, opened, nothing to scroll sideways`, async () => {
      const link = navigation.getByRole('link', { name });
      // Back up at the navigation, every link is whole on the screen: none cut, none off to the side.
      await navigation.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport({ ratio: 1 });
      await openSection(page, name);
      // What a section folds away (the numbers of each day, the sources of each day) is checked unfolded.
      for (const fold of await page.locator('main details:not([open]) > summary').all()) await fold.click();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expectNoSidewaysScrolling(page);
      await expectEveryCellInSight(page);
    });
  }

  await test.step('Learners: the learner’s card shows what the row shows, Erase included', async () => {
    await openSection(page, 'Learners');
    const card = page.getByRole('row').filter({ hasText: LEARNER });
    // Signed up, course e-mail, last active, progress, reminders and the actions, each a line of the card.
    await expect(card.getByRole('cell')).toHaveCount(6);
    for (const cell of await card.getByRole('cell').all()) await expect(cell).toBeVisible();
    await card.getByRole('button', { name: `Erase ${LEARNER}` }).scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: `Erase ${LEARNER}` })).toBeInViewport({ ratio: 1 });
  });

  await test.step('Outbox: the learner’s course e-mail is on record with what became of it, found by address', async () => {
    await openSection(page, 'Outbox');
    const failed = page.getByRole('row').filter({ hasText: 'SMTP 550: mailbox unavailable' }).first();
    await expect(
      failed.getByRole('button', { name: 'Retry the e-mail to bounced@example.com' }),
    ).toBeVisible();
    const record = page.getByRole('table', { name: 'Every e-mail, newest first' });
    // The learner's course e-mail, the failed one and the owner's own sign-in e-mail.
    await expect(record.getByRole('row')).toHaveCount(4);
    await page.getByRole('searchbox', { name: 'Search by address' }).fill('NOOR@');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('1 e-mail', { exact: true })).toBeVisible();
    const row = record.getByRole('row').filter({ has: page.getByRole('rowheader', { name: LEARNER }) });
    await expect(row).toContainText('Course access');
    await expect(row).toContainText('Written to the mail folder: no mail server is set');
    await expect(row).toContainText(/course-access.*\.eml/);
    await expect(record.getByRole('row')).toHaveCount(2);
    await expectNoSidewaysScrolling(page);
  });
});
