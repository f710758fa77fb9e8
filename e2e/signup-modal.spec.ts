import { expect, test } from '@playwright/test';
import {
  SEND_EMAIL,
  answerUpToContact,
  copy,
  expectStep,
  fail,
  fillContact,
  holdSendEmail,
  next,
  openHome,
  recordSendEmailRequests,
  signupDialog,
  signupSection,
  stepHeading,
  succeed,
} from './signup-helpers';

test('the whole journey in the modal opened by "Play Full Course (locked)"', async ({ page }) => {
  const requests = recordSendEmailRequests(page);
  const release = await holdSendEmail(page, succeed);
  await openHome(page);
  await page.getByRole('button', { name: 'Play Full Course (locked)' }).click();
  const dialog = signupDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('Answer a few quick questions to tailor your course.');

  await expectStep(dialog, 1);
  await next(dialog);
  await expectStep(dialog, 2);
  await expect(stepHeading(dialog)).toBeFocused();
  for (const worry of ['Automation', 'Burnout', 'Job security'])
    await dialog.getByRole('checkbox', { name: worry }).check();
  await expect(dialog.getByText(copy.counter(3))).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Relocation' })).toBeDisabled();
  await next(dialog);
  await expectStep(dialog, 3);
  await next(dialog);
  await expectStep(dialog, 4);
  await expect(dialog.getByText(copy.pickAtLeastOne)).toHaveCount(0);
  await next(dialog);
  await expect(dialog.getByRole('alert')).toHaveText(copy.pickAgeThenStrength);
  await dialog.getByRole('radio', { name: '55+' }).check();
  await dialog.getByRole('checkbox', { name: 'Board work' }).check();
  await dialog.getByRole('radio', { name: '45–54' }).check();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Change management' }).check();
  await next(dialog);
  await expectStep(dialog, 5);
  await expect(stepHeading(dialog)).toBeFocused();

  await fillContact(dialog, 'Katherine Johnson', 'katherine@example.com');
  await dialog.getByRole('button', { name: copy.submit }).click();
  await expect(dialog.getByRole('button', { name: copy.sending })).toBeDisabled();
  await expect.poll(() => requests.length).toBe(1);
  expect(requests[0]?.postDataJSON()).toEqual({ name: 'Katherine Johnson', email: 'katherine@example.com' });
  release();
  await expect(dialog.getByRole('status')).toHaveText(copy.sent);
  await expect(dialog).toBeVisible();
  await expectStep(dialog, 5);
  await expect(dialog.getByRole('textbox', { name: 'Your email' })).toHaveValue('katherine@example.com');
});

test('a failure in the modal shows the failure message and keeps the form', async ({ page }) => {
  await page.route(SEND_EMAIL, fail);
  await openHome(page);
  await page.getByRole('button', { name: 'Sign up free and watch instantly' }).click();
  const dialog = signupDialog(page);
  await answerUpToContact(dialog);
  await fillContact(dialog);
  await dialog.getByRole('button', { name: copy.submit }).click();
  await expect(dialog.getByRole('status')).toHaveText(copy.sendFailed);
  await expect(dialog.getByRole('button', { name: copy.submit })).toBeEnabled();
  await expect(dialog.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
});

test('one questionnaire: started in the modal, continued in the section, and back; it survives a reload', async ({
  page,
}) => {
  await openHome(page);
  await page.getByRole('button', { name: 'Play Full Course (locked)' }).click();
  const dialog = signupDialog(page);
  await next(dialog);
  await dialog.getByRole('checkbox', { name: 'Career change' }).check();
  await next(dialog);
  await dialog.getByRole('textbox', { name: copy.titles[3] }).fill('Train driver');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const section = signupSection(page);
  await expectStep(section, 3);
  await expect(section.getByRole('textbox', { name: copy.titles[3] })).toHaveValue('Train driver');
  await section.getByRole('button', { name: 'Back' }).click();
  await expect(section.getByRole('checkbox', { name: 'Career change' })).toBeChecked();
  await section.getByRole('checkbox', { name: 'Purpose & meaning' }).check();
  await next(section);
  await next(section);
  await section.getByRole('radio', { name: 'Under 25' }).check();
  await section.getByRole('checkbox', { name: 'Drama/Theatre' }).check();

  await page.reload();
  await openHome(page);
  await expectStep(section, 4);
  await page.getByRole('button', { name: 'Play Full Course (locked)' }).click();
  await expectStep(dialog, 4);
  await expect(dialog.getByRole('radio', { name: 'Under 25' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Drama/Theatre' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expect(dialog.getByRole('checkbox', { name: 'Purpose & meaning' })).toBeChecked();
});
