import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { solidPng } from '../server/test/test-images.ts';
import { codeOf, sendSignInCode, typeSignInCode, waitForMail } from './course-helpers';
import { OWNER, serverOfItsOwn } from './studio-helpers';

// The launch checklist on a new installation of its own (OWNER_EMAIL names its owner): the sample site, the file
// mailbox and SITE_URL's localhost default, as `npm start` leaves them.

const server = serverOfItsOwn('launch');

const checklist = (page: Page) => page.getByRole('region', { name: 'Launch checklist' });
const item = (page: Page, label: string) => checklist(page).getByRole('listitem').filter({ hasText: label });

test('on a new installation the owner sees what is left before launch, fixes the founder, and hides the list', async ({
  page,
}) => {
  await test.step('signs in with her e-mailed code: the Overview opens with the checklist, nothing done', async () => {
    await page.goto(`${server.baseUrl}/studio`);
    await sendSignInCode(page, OWNER);
    const [mail] = await waitForMail(OWNER, 1, server.mailFolder);
    await typeSignInCode(page, codeOf(mail));
    await expect(checklist(page)).toBeVisible();
    await expect(checklist(page).getByText('0 of 8 done')).toBeVisible();
    await expect(item(page, 'You, as the founder')).toContainText('(To do)');
    await expect(item(page, 'You, as the founder')).toContainText('Jordan Ellis');
    await expect(item(page, 'Real guides in the carousel')).toContainText('6 invented guides still show');
    await expect(item(page, 'Your own lessons')).toContainText('5 placeholder lessons are still published');
    await expect(item(page, 'E-mail that reaches people')).toContainText('written to files on the server');
    await expect(item(page, 'Links that lead to your site')).toContainText(`lead to ${server.baseUrl}`);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  await test.step('follows the founder item to Site, puts in her name and photo, publishes: the founder is ticked', async () => {
    await item(page, 'You, as the founder').getByRole('link', { name: 'Change the founder in Site' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Site' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Your words' });
    await form.getByRole('textbox', { name: 'Your name' }).fill('Sam Rivera');
    await form
      .getByLabel('Your photo', { exact: true })
      .setInputFiles({ name: 'sam.png', mimeType: 'image/png', buffer: solidPng(48, 56, [30, 90, 200]) });
    await expect(form.getByText('Uploaded. Visitors see it once you publish.')).toBeVisible();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Studio sections' })
      .getByRole('link', { name: 'Overview' })
      .click();
    await expect(checklist(page).getByText('1 of 8 done')).toBeVisible();
    await expect(item(page, 'You, as the founder')).toContainText('(Done)');
    await expect(item(page, 'You, as the founder').getByRole('link')).toHaveCount(0);
  });

  await test.step('hides the checklist; it stays hidden when the studio opens again, and comes back', async () => {
    await checklist(page).getByRole('button', { name: 'Hide the checklist' }).click();
    await expect(page.getByText('The launch checklist is hidden: 1 of 8 done.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('The launch checklist is hidden: 1 of 8 done.')).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Show the checklist' }).click();
    await expect(checklist(page).getByText('1 of 8 done')).toBeVisible();
  });
});
