/** The moment of sign-up on a phone and on a desktop: what the visitor sees when asked and after. */
import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  SEND_EMAIL,
  answerUpToContact,
  copy,
  expectStep,
  fillContact,
  next,
  openHome,
  recordSendEmailRequests,
  signupDialog,
  signupSection,
  stepHeading,
  succeed,
} from './signup-helpers';

const PHONE = { width: 375, height: 667 };
const NARROWEST = { width: 320, height: 568 };
const RED = 'oklch(0.505 0.213 27.518)';
const trustLine = 'One e-mail with your link. No spam. Privacy policy';
const contactErrors = {
  nameMissing: 'Please enter your name.',
  emailIncomplete:
    'Please enter the whole address, with a dot in the part after the @ (like name@example.com).',
};
const DESKTOP = { width: 1440, height: 900 };
const heroButton = (page: Page) => page.getByRole('button', { name: 'Sign up free and watch instantly' });
const lockedButton = (page: Page) => page.getByRole('button', { name: 'Play Full Course (locked)' });

async function expectNoViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations).toEqual([]);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

async function submitFromDialog(page: Page, email = 'ada@example.com') {
  await openHome(page);
  await lockedButton(page).click();
  const dialog = signupDialog(page);
  await answerUpToContact(dialog);
  await fillContact(dialog, 'Ada Lovelace', email);
  await dialog.getByRole('button', { name: copy.submit }).click();
  return dialog;
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('after success: the address, sender and subject, timing, where else to look, a fix and the teaser', async ({
      page,
    }) => {
      await page.route(SEND_EMAIL, succeed);
      const dialog = await submitFromDialog(page);
      await expect(dialog.getByRole('status')).toHaveText(copy.sent);
      await expect(dialog.getByText('We sent your link to ada@example.com')).toBeVisible();
      await expect(dialog.getByRole('term')).toHaveText(['From', 'Subject']);
      await expect(dialog.getByRole('definition')).toHaveText([
        'Three Lenses',
        'Your free Three Lenses course is ready to watch',
      ]);
      await expect(dialog.getByText('It usually arrives within a minute.')).toBeVisible();
      await expect(dialog.getByText('Nothing yet? Check your Promotions or Spam folder.')).toBeVisible();
      await expectStep(dialog, 5);
      await expect(dialog.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
      await expectNoViolations(page, '[role="dialog"]');
      const submit = dialog.getByRole('button', { name: copy.submit });
      // On a phone the success panel replaces the form's bar: nothing covers it, nothing offers to send again.
      if (viewport === PHONE) await expect(submit).toBeHidden();
      else await expect(submit).toBeEnabled();

      await dialog.getByRole('button', { name: 'Wrong address? Change it' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Your email' })).toBeFocused();
      await dialog.getByRole('textbox', { name: 'Your email' }).fill('ada@example.org');
      await expect(submit).toBeEnabled();

      await dialog.getByRole('link', { name: 'watch the 30-second teaser' }).click();
      await expect(dialog).toBeHidden();
      const video = page.getByLabel('Course teaser');
      await expect(video).toBeFocused();
      await expect(video).toBeInViewport();
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(0);
    });

    test('a refused address (400) and a rate limit (429) add what to do; other failures keep the failure message alone', async ({
      page,
    }) => {
      const answers = [
        { status: 400, error: 'Please enter a valid e-mail address.' },
        { status: 429, error: 'Too many sign-up attempts. Please wait a moment and try again.' },
        { status: 500, error: 'Something went wrong on our side. Please try again.' },
      ];
      let answer = 0;
      await page.route(SEND_EMAIL, async (route) => {
        const { status, error } = answers[answer] ?? { status: 500, error: 'x' };
        answer += 1;
        await route.fulfill({ status, json: { error } });
      });
      const dialog = await submitFromDialog(page);
      const status = dialog.getByRole('status');
      await expect(status).toHaveText(`${copy.sendFailed} That e-mail address doesn't look right.`);
      await dialog.getByRole('button', { name: copy.submit }).click();
      await expect(status).toHaveText(`${copy.sendFailed} Too many tries — please wait a minute.`);
      await dialog.getByRole('button', { name: copy.submit }).click();
      await expect(status).toHaveText(copy.sendFailed);
      await expect(dialog.getByText('We sent your link to')).toHaveCount(0);
    });

    test('an address without a dot in its domain is named under the field, stays named, and nothing is sent', async ({
      page,
    }) => {
      const requests = recordSendEmailRequests(page);
      await openHome(page);
      const section = signupSection(page);
      await answerUpToContact(section);
      await fillContact(section, 'Alex', 'alex@bad');
      await section.getByRole('button', { name: copy.submit }).click();
      const email = section.getByRole('textbox', { name: 'Your email' });
      const message = section.getByText(contactErrors.emailIncomplete);
      await expect(email).toBeFocused();
      await expect(message).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(`${contactErrors.emailIncomplete} ${trustLine}`);
      // Unlike the browser's bubble, the message stays when the focus moves on.
      await section.getByRole('textbox', { name: 'Your name' }).click();
      await expect(message).toBeVisible();
      expect(requests).toHaveLength(0);
      await email.fill('alex@bad.example');
      await expect(message).toHaveCount(0);
      await expect(email).not.toHaveAttribute('aria-invalid');
      await expect(email).toHaveAccessibleDescription(trustLine);
    });

    test('"Privacy policy" leads to a prerendered /privacy page that says what is kept and how to erase it', async ({
      page,
    }) => {
      const html = await (await page.request.get('/privacy')).text();
      expect(html).toContain('<title>Privacy policy | Three Lenses</title>');
      expect(html).toContain('never sent to us');
      await openHome(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
      for (const text of [
        'your name and your e-mail address;',
        'This site sets no cookies and uses no analytics or advertising trackers.',
        /are never sent to us/,
        /ask us to erase your details/,
      ])
        await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the course page' })).toHaveAttribute('href', '/');
      await expectNoViolations(page);
    });

    test('the first screen says how long the course is; the page has no axe violations', async ({ page }) => {
      await openHome(page);
      await expect(page.getByText(/^About 4 minutes of short video lessons/)).toBeInViewport();
      await expectNoViolations(page);
    });

    test('options sit in two columns or more; on step 5 the submit comes first, full width', async ({
      page,
    }) => {
      await openHome(page);
      await lockedButton(page).click();
      const dialog = signupDialog(page);
      await next(dialog);
      const [first, second] = [
        await box(dialog.getByRole('checkbox', { name: 'AI taking over jobs' }).locator('..')),
        await box(dialog.getByRole('checkbox', { name: 'Climate change' }).locator('..')),
      ];
      expect(second.y).toBe(first.y);
      expect(second.x).toBeGreaterThan(first.x);
      await next(dialog);
      await next(dialog);
      // Under 25 fits on one line in every layout.
      const under25 = await box(dialog.getByRole('radio', { name: 'Under 25' }).locator('..'));
      expect(under25.height).toBeLessThan(50);
      await dialog.getByRole('radio', { name: 'Under 25' }).check();
      await dialog.getByRole('checkbox', { name: 'Music' }).check();
      await next(dialog);
      const submit = await box(dialog.getByRole('button', { name: copy.submit }));
      const back = await box(dialog.getByRole('button', { name: 'Back' }));
      const field = await box(dialog.getByRole('textbox', { name: 'Your email' }));
      expect(submit.y + submit.height).toBeLessThanOrEqual(back.y);
      expect(Math.abs(submit.width - field.width)).toBeLessThan(2);
    });

    test('focus after closing: to the opener when it is on screen, else to the inline step heading', async ({
      page,
    }) => {
      await openHome(page);
      await lockedButton(page).click();
      await expect(signupDialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(lockedButton(page)).toBeFocused();

      await page.evaluate(() => window.scrollTo(0, 0));
      await heroButton(page).click();
      const dialog = signupDialog(page);
      await next(dialog);
      await expect(page.locator('#signup')).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      const heading = stepHeading(signupSection(page));
      await expect(heading).toBeFocused();
      await expect(heading).toHaveText(copy.titles[2]);
      await expect(heading).toBeInViewport();
      expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    });

    test('in forced colours, buttons keep a border, the switch its knob and the progress bar its fill', async ({
      page,
    }) => {
      await page.emulateMedia({ forcedColors: 'active' });
      await openHome(page);
      const border = (locator: Locator) =>
        locator.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            width: style.borderTopWidth,
            color: style.borderTopColor,
            background: style.backgroundColor,
          };
        });
      const hero = await border(heroButton(page));
      expect(hero.width).toBe('1px');
      expect(hero.color).not.toBe(hero.background);

      const track = page.getByRole('switch', { name: 'Clean version' });
      const knob = track.locator('[data-slot="switch-thumb"]');
      const background = (locator: Locator) =>
        locator.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await background(knob)).not.toBe(await background(track));

      const progress = signupSection(page).getByRole('progressbar');
      expect(await background(progress.locator('div'))).not.toBe(await background(progress));
      await expect(progress).toHaveCSS('border-top-width', '1px');
    });

    test('when the teaser ends, a card offers the full course and opens the sign-up', async ({ page }) => {
      await openHome(page);
      await page.getByRole('button', { name: 'Play Teaser 30 seconds' }).click();
      const video = page.getByLabel('Course teaser');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(0);
      await video.evaluate((element: HTMLVideoElement) => {
        element.currentTime = element.duration - 0.3;
      });
      const watch = page.getByRole('button', { name: 'Watch the full course free' });
      await expect(watch).toBeVisible({ timeout: 10_000 });
      await watch.click();
      await expect(signupDialog(page)).toBeVisible();
      await expectStep(signupDialog(page), 1);
    });
  });
}

test.describe('the dialog on a phone', () => {
  test.use({ viewport: PHONE });

  test('is a full-height sheet: progress and close stay at the top, Back and Next at the bottom', async ({
    page,
  }) => {
    await openHome(page);
    await lockedButton(page).click();
    const dialog = signupDialog(page);
    expect(await box(dialog)).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await next(dialog);
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const progress = await box(dialog.getByRole('progressbar'));
    const close = await box(dialog.getByRole('button', { name: 'Close' }));
    const nextButton = await box(dialog.getByRole('button', { name: 'Next', exact: true }));
    expect(progress.y).toBeLessThan(40);
    expect(close.y).toBeLessThan(40);
    expect(nextButton.y + nextButton.height).toBeGreaterThan(PHONE.height - 40);
    expect(nextButton.y + nextButton.height).toBeLessThanOrEqual(PHONE.height);

    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await next(dialog);
    const shortStep = await box(dialog.getByRole('button', { name: 'Next', exact: true }));
    expect(shortStep.y + shortStep.height).toBeGreaterThan(PHONE.height - 40);
  });

  test('step 5 says under each field what is wrong; a mistyped domain is fixed with one tap; then the sign-up goes', async ({
    page,
  }) => {
    const requests = recordSendEmailRequests(page);
    await page.route(SEND_EMAIL, succeed);
    await openHome(page);
    await lockedButton(page).click();
    const dialog = signupDialog(page);
    await answerUpToContact(dialog);
    await fillContact(dialog, '   ', 'sam@gmial.com');
    await dialog.getByRole('button', { name: copy.submit }).click();

    const name = dialog.getByRole('textbox', { name: 'Your name' });
    const email = dialog.getByRole('textbox', { name: 'Your email' });
    await expect(name).toBeFocused();
    await expect(dialog.getByText(contactErrors.nameMissing)).toBeVisible();
    await expect(dialog.getByText(contactErrors.nameMissing)).toHaveCSS('color', RED);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(contactErrors.nameMissing);
    await expect(name).toHaveCSS('border-top-color', RED);
    await expect(dialog.getByText('Did you mean sam@gmail.com?')).toBeVisible();
    // Chromium lays a button out as an inline block, so the description has a space before the "?".
    await expect(email).toHaveAccessibleDescription(
      /^Did you mean sam@gmail\.com ?\? One e-mail with your link\. No spam\. Privacy policy$/,
    );
    await expect(email).not.toHaveAttribute('aria-invalid');
    expect(requests).toHaveLength(0);
    await expectNoViolations(page, '[role="dialog"]');
    // On the narrowest phone the messages wrap inside the sheet: nothing sticks out sideways.
    await page.setViewportSize(NARROWEST);
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    for (const text of [contactErrors.nameMissing, 'Did you mean sam@gmail.com?']) {
      const { x, width } = await box(dialog.getByText(text));
      expect(x + width).toBeLessThanOrEqual(NARROWEST.width);
    }
    await page.setViewportSize(PHONE);

    await dialog.getByRole('button', { name: 'sam@gmail.com' }).click();
    await expect(email).toHaveValue('sam@gmail.com');
    await expect(email).toBeFocused();
    await expect(dialog.getByText(/Did you mean/)).toHaveCount(0);
    await name.fill('Sam');
    await expect(dialog.getByText(contactErrors.nameMissing)).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid');
    await dialog.getByRole('button', { name: copy.submit }).click();
    await expect(dialog.getByRole('status')).toHaveText(copy.sent);
    expect(requests.map((request) => request.postDataJSON())).toEqual([
      { name: 'Sam', email: 'sam@gmail.com' },
    ]);
  });

  test('a mistyped domain is not sent on the first tap: she picks the suggestion or sends it anyway', async ({
    page,
  }) => {
    const requests = recordSendEmailRequests(page);
    await page.route(SEND_EMAIL, succeed);
    await openHome(page);
    await lockedButton(page).click();
    const dialog = signupDialog(page);
    await answerUpToContact(dialog);
    await fillContact(dialog, 'Tess', 'tess@gmial.com');
    await dialog.getByRole('button', { name: copy.submit }).click();

    await expect(dialog.getByRole('status')).toHaveText('Nothing sent yet: please check your address above.');
    await expect(dialog.getByRole('button', { name: 'tess@gmail.com' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Send to gmial.com anyway' })).toBeInViewport();
    expect(requests).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Send to gmial.com anyway' }).click();
    await expect(dialog.getByRole('status')).toHaveText(copy.sent);
    await expect(dialog.getByText('We sent your link to tess@gmial.com')).toBeVisible();
    expect(requests.map((request) => request.postDataJSON())).toEqual([
      { name: 'Tess', email: 'tess@gmial.com' },
    ]);
  });

  test('on step 4 the red hint waits for the list, and the Next error takes its place', async ({ page }) => {
    await openHome(page);
    const section = signupSection(page);
    for (let step = 1; step < 4; step += 1) await next(section);
    await expect(section.getByText(copy.pickAtLeastOne)).toHaveCount(0);
    await next(section);
    await expect(section.getByRole('alert')).toHaveText(copy.pickAgeThenStrength);
    await expect(section.getByText(copy.pickAtLeastOne)).toHaveCount(0);
    await section.getByRole('radio', { name: '55+' }).check();
    await expect(section.getByText(copy.pickAtLeastOne)).toHaveCount(0);
    await section.getByRole('checkbox', { name: 'Writing' }).check();
    await section.getByRole('checkbox', { name: 'Writing' }).uncheck();
    await expect(section.getByText(copy.pickAtLeastOne)).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
  });
});
