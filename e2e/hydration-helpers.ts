import type { Page } from '@playwright/test';

/**
 * Which of the page's scripts a test holds back: all of them (a tap lands between the first paint and the
 * page's first script) or the hydration code only (the first script has run and hears the tap, React has not).
 */
export type HeldScripts = 'every script' | 'hydration';

/**
 * Holds `held` back until the returned `release()` is called, so that a visitor's tap is sure to come before
 * them, however fast this machine is.
 */
export async function holdScripts(page: Page, held: HeldScripts) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(held === 'every script' ? '**/assets/*.js' : '**/assets/hydrate-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
