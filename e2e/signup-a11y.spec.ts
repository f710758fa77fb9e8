import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  SEND_EMAIL,
  copy,
  fail,
  fillContact,
  next,
  openHome,
  signupDialog,
  signupSection,
} from './signup-helpers';

/** axe on the questionnaire only, at every step and in each message state. */
async function expectNoViolations(page: Page, scope: string) {
  const results = await new AxeBuilder({ page }).include(scope).analyze();
  expect(results.violations).toEqual([]);
}

async function walkAndCheck(page: Page, form: Locator, scope: string) {
  // The dialog's code loads on the click that opens it: axe needs the questionnaire on screen first.
  await expect(form).toBeVisible();
  await expectNoViolations(page, scope);
  await next(form);
  await form.getByRole('checkbox', { name: 'Automation' }).check();
  await expectNoViolations(page, scope);
  await next(form);
  await expectNoViolations(page, scope);
  await next(form);
  await next(form);
  await expect(form.getByRole('alert')).toHaveText(copy.pickAgeThenStrength);
  await expectNoViolations(page, scope);
  await form.getByRole('radio', { name: 'Under 25' }).check();
  await form.getByRole('checkbox', { name: 'Geography' }).check();
  await next(form);
  await fillContact(form);
  await form.getByRole('button', { name: copy.submit }).click();
  await expect(form.getByRole('status')).toHaveText(copy.sendFailed);
  await expectNoViolations(page, scope);
}

test.beforeEach(async ({ page }) => {
  // Five axe runs per test on a small machine: triple the time limit.
  test.slow();
  await page.route(SEND_EMAIL, fail);
});

test('the questionnaire in the section has no axe violations at any step', async ({ page }) => {
  await openHome(page);
  await walkAndCheck(page, signupSection(page), '#signup');
});

test('the questionnaire in the dialog has no axe violations at any step', async ({ page }) => {
  await openHome(page);
  await page.getByRole('button', { name: 'Play Full Course (locked)' }).click();
  await walkAndCheck(page, signupDialog(page), '[role="dialog"]');
});
