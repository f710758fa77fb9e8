import type { Locator, Page } from '@playwright/test';

export function carousel(page: Page): Locator {
  return page.getByRole('region', { name: 'No one should face the future alone. Meet some of our friends' });
}

/**
 * Opens the page and scrolls to the carousel, as a visitor would: the guides (and supabase-js with them) load
 * only when the carousel comes near the viewport.
 */
export async function openCarousel(page: Page, url = '/') {
  await page.goto(url);
  await carousel(page).scrollIntoViewIfNeeded();
}
