import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  SEND_EMAIL,
  STORAGE_KEY,
  answerUpToContact,
  copy,
  expectStep,
  fail,
  fillContact,
  holdSendEmail,
  next,
  openHome,
  recordSendEmailRequests,
  signupSection,
  stepHeading,
  succeed,
} from './signup-helpers';

/** Tailwind's red-700, the colour of the hint and the errors. */
const RED = 'oklch(0.505 0.213 27.518)';

/** Presses Tab until `target` has the focus (at most 40 times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

test('the whole journey in the section, by keyboard only, with every rule and message on the way', async ({
  page,
}) => {
  // About sixty key presses, each waiting for the page: give it the time of a slow test.
  test.slow();
  const requests = recordSendEmailRequests(page);
  const release = await holdSendEmail(page, succeed);
  await openHome(page);
  const form = signupSection(page);

  // Step 1: the intro.
  await expectStep(form, 1);
  await expect(form.getByText(/30 seconds/)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(form.getByRole('button', { name: copy.submit })).toHaveCount(0);
  await expect(stepHeading(form)).not.toBeFocused();
  await form.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');

  // Step 2: up to three worries; the others are then disabled.
  await expectStep(form, 2);
  await expect(stepHeading(form)).toBeFocused();
  const worries = form.getByRole('group', { name: copy.titles[2] });
  await expect(worries.getByRole('checkbox')).toHaveCount(12);
  await expect(form.getByText(copy.counter(0))).toBeVisible();
  for (const worry of ['AI taking over jobs', 'Climate change', 'Cost of living']) {
    await tabTo(page, form.getByRole('checkbox', { name: worry }));
    await page.keyboard.press('Space');
  }
  await expect(form.getByText(copy.counter(3))).toBeVisible();
  await expect(worries.getByRole('checkbox', { disabled: true })).toHaveCount(9);
  await expect(form.getByRole('checkbox', { name: 'Burnout' })).toBeDisabled();
  await page.keyboard.press('Space'); // un-ticks "Cost of living"
  await expect(form.getByText(copy.counter(2))).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Burnout' })).toBeEnabled();
  await tabTo(page, form.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 3: the dream is optional.
  await expectStep(form, 3);
  await expect(stepHeading(form)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: copy.titles[3] })).toBeFocused();
  await page.keyboard.type('Pilot');
  await tabTo(page, form.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 4: age group and strengths.
  await expectStep(form, 4);
  const strengths = form.getByRole('group', { name: 'What are your strengths?' });
  // The red hint waits for a list to pick from; a refused Next shows its error alone.
  await expect(form.getByText(copy.pickAtLeastOne)).toHaveCount(0);
  await tabTo(page, form.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expectStep(form, 4);
  await expect(form.getByRole('alert')).toHaveText(copy.pickAgeThenStrength);
  await expect(form.getByRole('alert')).toHaveCSS('color', RED);
  await expect(strengths).toHaveAccessibleDescription(copy.pickAgeThenStrength);
  // A radio group is one tab stop: arrive on it, then Space or the arrow keys choose.
  await form.getByRole('radio', { name: 'Under 25' }).focus();
  await page.keyboard.press('Space');
  const subjects = form.getByRole('group', { name: 'Which school subjects do you enjoy?' });
  await expect(subjects.getByRole('checkbox')).toHaveCount(12);
  await tabTo(page, subjects.getByRole('checkbox', { name: 'Music' }));
  await page.keyboard.press('Space');
  await expect(form.getByText(copy.pickAtLeastOne)).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  // Another age group: the list changes and the strengths are cleared.
  await form.getByRole('radio', { name: 'Under 25' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '25–44' })).toBeChecked();
  await expect(strengths.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(form.getByText(copy.pickAtLeastOne)).toBeVisible();
  await expect(form.getByText(copy.pickAtLeastOne)).toHaveCSS('color', RED);
  await tabTo(page, strengths.getByRole('checkbox', { name: 'Leadership' }));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 5: name and e-mail, both required; an empty or malformed one is named under its field, which
  // takes the focus.
  await expectStep(form, 5);
  await expect(stepHeading(form)).toBeFocused();
  const name = form.getByRole('textbox', { name: 'Your name' });
  const email = form.getByRole('textbox', { name: 'Your email' });
  await expect(name).toHaveAttribute('required');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required');
  await tabTo(page, form.getByRole('button', { name: copy.submit }));
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Please enter your name.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Please enter your e-mail address.')).toHaveCSS('color', RED);
  await page.keyboard.type('Ada Lovelace');
  await expect(name).not.toHaveAttribute('aria-invalid');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ada');
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(
    "That doesn't look like an e-mail address (like name@example.com). One e-mail with your link. No spam. Privacy policy",
  );
  expect(requests).toHaveLength(0);

  await page.keyboard.press('End');
  await page.keyboard.type('@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: copy.sending })).toBeDisabled();
  await expect.poll(() => requests.length).toBe(1);
  expect(requests[0]?.postDataJSON()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  release();

  await expect(form.getByRole('status')).toHaveText(copy.sent);
  await expect(form.getByRole('button', { name: copy.submit })).toBeEnabled();
  await expectStep(form, 5);
  await expect(name).toHaveValue('Ada Lovelace');
  await expect(email).toHaveValue('ada@example.com');
  expect(requests).toHaveLength(1);
});

test('a double click sends once, and the body is exactly {name, email}', async ({ page }) => {
  const requests = recordSendEmailRequests(page);
  const release = await holdSendEmail(page, succeed);
  await openHome(page);
  const form = signupSection(page);
  await answerUpToContact(form);
  await fillContact(form, '  Grace Hopper ', 'grace@example.com');
  // Next on step 4 moves on and never submits, even with the contact filled in.
  await form.getByRole('button', { name: 'Back' }).click();
  await next(form);
  await expectStep(form, 5);
  await expect(form.getByRole('status')).toBeEmpty();
  expect(requests).toHaveLength(0);
  await form.getByRole('button', { name: copy.submit }).dblclick();
  await expect(form.getByRole('button', { name: copy.sending })).toBeDisabled();
  await expect.poll(() => requests.length).toBe(1);
  const request = requests[0];
  expect(request?.headers()['content-type']).toContain('application/json');
  expect(request?.postDataJSON()).toEqual({ name: 'Grace Hopper', email: 'grace@example.com' });
  // Chromium drops the focus to <body> when the focused button becomes disabled.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  release();
  await expect(form.getByRole('status')).toHaveText(copy.sent);
  // The questionnaire gives it back to the button, so a keyboard user is where they were.
  await expect(form.getByRole('button', { name: copy.submit })).toBeFocused();
  expect(requests).toHaveLength(1);
});

test('a failed send shows the failure message, logs the error and keeps the form; a retry can succeed', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(SEND_EMAIL, fail);
  await openHome(page);
  const form = signupSection(page);
  await answerUpToContact(form);
  await fillContact(form);
  await form.getByRole('button', { name: copy.submit }).click();

  await expect(form.getByRole('status')).toHaveText(copy.sendFailed);
  await expect(form.getByRole('button', { name: copy.submit })).toBeEnabled();
  await expect(form.getByRole('button', { name: copy.submit })).toHaveAccessibleDescription(copy.sendFailed);
  expect(errors.some((text) => text.includes('Sign-up: the course e-mail could not be sent.'))).toBe(true);
  await expectStep(form, 5);
  await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
  await expect(form.getByRole('textbox', { name: 'Your email' })).toHaveValue('ada@example.com');

  // The network itself failing is a failure too.
  await page.unroute(SEND_EMAIL);
  await page.route(SEND_EMAIL, (route) => route.abort('failed'));
  await form.getByRole('button', { name: copy.submit }).click();
  await expect(form.getByRole('button', { name: copy.submit })).toBeEnabled();
  await expect(form.getByRole('status')).toHaveText(copy.sendFailed);

  await page.unroute(SEND_EMAIL);
  await page.route(SEND_EMAIL, succeed);
  await form.getByRole('button', { name: copy.submit }).click();
  await expect(form.getByRole('status')).toHaveText(copy.sent);
});

test('with no strength stored, submit says "Please pick at least one strength." and sends nothing', async ({
  page,
}) => {
  // Only stored answers (e.g. from an older version of the page on this device) can get here.
  await page.addInitScript((key) => {
    if (window.localStorage.getItem(key)) return;
    const answers = {
      ageGroup: '55plus',
      worries: [],
      dream: '',
      strengths: [],
      name: 'Ada',
      email: 'a@b.co',
    };
    window.localStorage.setItem(key, JSON.stringify({ step: 5, answers }));
  }, STORAGE_KEY);
  const requests = recordSendEmailRequests(page);
  await openHome(page);
  const form = signupSection(page);
  await expectStep(form, 5);
  await form.getByRole('button', { name: copy.submit }).click();
  await expect(form.getByRole('status')).toHaveText(copy.strengthsMissing);
  await expect(form.getByRole('button', { name: copy.submit })).toHaveAccessibleDescription(
    copy.strengthsMissing,
  );
  // The questionnaire shows this message only for a submit it refused: one it sends shows "Sending..." instead.
  await expect(form.getByRole('button', { name: copy.submit })).toBeEnabled();
  await expect(form.getByRole('button', { name: copy.sending })).toHaveCount(0);
  expect(requests).toHaveLength(0);
});

test('the answers survive a reload, hydrating without a warning, and only "Start over" clears them', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await openHome(page);
  const form = signupSection(page);
  await next(form);
  await form.getByRole('checkbox', { name: 'Burnout' }).check();
  await form.getByRole('checkbox', { name: 'Relocation' }).check();
  await next(form);
  await form.getByRole('textbox', { name: copy.titles[3] }).fill('Vet');
  await next(form);
  await form.getByRole('radio', { name: '45–54' }).check();
  await form.getByRole('checkbox', { name: 'Mentoring' }).check();
  await next(form);
  await fillContact(form, 'Lin', 'lin@example.com');

  await page.reload();
  await openHome(page);
  await expectStep(form, 5);
  await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue('Lin');
  await expect(form.getByRole('textbox', { name: 'Your email' })).toHaveValue('lin@example.com');
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByRole('radio', { name: '45–54' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Mentoring' })).toBeChecked();
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByRole('textbox', { name: copy.titles[3] })).toHaveValue('Vet');
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(2);

  await form.getByRole('button', { name: 'Start over' }).click();
  await expectStep(form, 1);
  await expect(stepHeading(form)).toBeFocused();
  await page.reload();
  await openHome(page);
  await expectStep(form, 1);
  await next(form);
  await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('every control is a touch target of at least 44 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openHome(page);
  const form = signupSection(page);
  const boxes = () =>
    form
      .locator('button, label:has(input), input:not([type=checkbox]):not([type=radio]), textarea')
      .evaluateAll((elements) =>
        // Steps not shown are in the page too, hidden; only what is on screen can be touched.
        elements
          .filter((element) => element.checkVisibility())
          .map((element) => ({
            control: element.textContent?.trim() || element.tagName,
            height: element.getBoundingClientRect().height,
          })),
      );
  // Measured once the step has settled: a control still appearing can be caught mid-way at any height.
  const targets = async () => {
    await expect.poll(async () => (await boxes()).filter(({ height }) => height < 44)).toEqual([]);
    expect((await boxes()).length).toBeGreaterThan(1);
  };
  await targets();
  await next(form);
  await targets();
  await next(form);
  await targets();
  await next(form);
  await form.getByRole('radio', { name: 'Under 25' }).check();
  await targets();
  await form.getByRole('checkbox', { name: 'Art & Design' }).check();
  await next(form);
  await targets();
});

test('against the real back end: the sign-up is accepted and the course e-mail lands in the mailbox', async ({
  page,
}) => {
  const address = `signup-${Date.now()}@example.com`;
  const mailFolder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const mailFor = async () => {
    // Only whole messages: the file mailbox writes `.eml.part`, then renames it into place.
    const files = await readdir(mailFolder).catch(() => []);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const raw = await readFile(path.join(mailFolder, file), 'utf8');
      if (raw.includes(`To: ${address}`)) return raw;
    }
    return undefined;
  };
  await openHome(page);
  const form = signupSection(page);
  await answerUpToContact(form);
  await fillContact(form, 'Mary Jackson', address);
  const response = page.waitForResponse((answer) => answer.url().includes('/functions/v1/send-email'));
  await form.getByRole('button', { name: copy.submit }).click();
  expect((await response).status()).toBe(200);
  await expect(form.getByRole('status')).toHaveText(copy.sent);
  await expect.poll(mailFor, { timeout: 15_000 }).toContain('Hi Mary,');
});
