import { expect, test } from '@playwright/test';

test('an unknown path gets the 404 page: status, texts, link home and the console line', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/courses/missing-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  await expect
    .poll(() => errors)
    .toContainEqual(expect.stringContaining('non-existent route: /courses/missing-page'));

  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What the f*ck should I do for a living?');
});

test('the 404 page is also a static file for static hosts, without a canonical link', async ({ request }) => {
  const response = await request.get('/404.html');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('Oops! Page not found');
  expect(html).toContain('noindex');
  expect(html).not.toContain('rel="canonical"');
});
