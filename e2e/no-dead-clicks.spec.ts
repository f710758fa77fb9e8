import { expect, type Locator, type Page, test } from '@playwright/test';
import { throttleLikeASlowPhone } from '../bench/slow-phone';
import { type HeldScripts, holdScripts } from './hydration-helpers';
import { signupDialog, signupSection } from './signup-helpers';

test.use({ viewport: { width: 375, height: 667 } });

/** A phone on slow 4G with a 4× slower CPU, opening the page with `held` scripts held back. */
async function openOnSlowPhone(page: Page, held: HeldScripts) {
  await throttleLikeASlowPhone(page);
  const release = await holdScripts(page, held);
  await page.goto('/', { waitUntil: 'commit' });
  // The first script has run once the document is parsed and its module scripts executed (DOMContentLoaded);
  // "interactive" comes before them, and a quick machine's tap could land there, ahead of the first script.
  if (held === 'hydration') await page.waitForLoadState('domcontentloaded');
  return release;
}

/** Taps `control` as soon as it is visible, once, and checks it looks pressed while the app is on its way. */
async function tapBeforeHydration(page: Page, control: Locator, held: HeldScripts = 'every script') {
  const release = await openOnSlowPhone(page, held);
  await control.click();
  release();
  await expect(control).toHaveAttribute('data-pending', '');
}

test.describe('a tap as soon as a control is visible, on a slow phone, does its job without a second tap', () => {
  // Network and CPU throttling make every step of these journeys slow.
  test.slow();

  test('"Sign up free and watch instantly" opens the sign-up dialog with its form', async ({ page }) => {
    const hero = page.getByRole('button', { name: 'Sign up free and watch instantly' });
    await tapBeforeHydration(page, hero);
    const dialog = signupDialog(page);
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('heading', { name: "Let's make this course yours." })).toBeVisible();
    await expect(page.locator('[data-pending]'), 'no control is left looking pressed').toHaveCount(0);
  });

  test('"Sign up free and watch instantly" tapped once the first script runs opens the dialog', async ({
    page,
  }) => {
    const hero = page.getByRole('button', { name: 'Sign up free and watch instantly' });
    await tapBeforeHydration(page, hero, 'hydration');
    await expect(page, 'the tap was kept, not followed as a link').not.toHaveURL(/#signup$/);
    await expect(signupDialog(page)).toBeVisible({ timeout: 20_000 });
  });

  test('"Play Full Course (locked)" opens the sign-up dialog with its form', async ({ page }) => {
    await tapBeforeHydration(page, page.getByRole('button', { name: 'Play Full Course (locked)' }));
    const dialog = signupDialog(page);
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('heading', { name: "Let's make this course yours." })).toBeVisible();
  });

  test('the "Clean version" switch switches the headline', async ({ page }) => {
    const toggle = page.getByRole('switch', { name: 'Clean version' });
    await tapBeforeHydration(page, toggle);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What should I do for a living?', {
      timeout: 20_000,
    });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  test('"Play Teaser" plays the teaser', async ({ page }) => {
    const play = page.getByRole('button', { name: 'Play Teaser 30 seconds' });
    await tapBeforeHydration(page, play);
    const video = page.getByLabel('Course teaser');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.3);
    await expect(play).toBeHidden({ timeout: 20_000 });
    await expect(video).toHaveAttribute('controls', '');
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const [role, name] of [
    ['button', 'Sign up free and watch instantly'],
    ['link', 'Scroll to sign up'],
  ] as const) {
    test(`"${name}" brings the visitor to the sign-up section`, async ({ page }) => {
      await page.goto('/');
      const section = signupSection(page);
      await expect(section).not.toBeInViewport();
      await page.getByRole(role, { name }).click();
      await expect(page).toHaveURL(/#signup$/);
      await expect(section).toBeInViewport();
    });
  }
});
