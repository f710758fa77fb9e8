import { expect, test } from '@playwright/test';
import { openCarousel } from './guides-helpers';

test('the home page arrives prerendered, hydrates without console errors and loads guides through supabase-js', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const guidesResponse = page.waitForResponse((response) => response.url().includes('/rest/v1/guides'));
  await openCarousel(page);
  const response = await guidesResponse;
  expect(response.status()).toBe(200);
  expect(response.request().headers()['x-client-info']).toMatch(/supabase-js/);
  expect(response.url()).toContain('is_active=eq.true');
  expect(response.url()).toContain('order=order_index.asc');
  const guides = (await response.json()) as Array<{ name: string }>;
  expect(guides.length).toBeGreaterThanOrEqual(6);
  await expect(page.getByText(guides[0]?.name ?? '').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('the HTML served before any script runs already holds the page', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('What the f*ck should I do for a living?');
  expect(html).toContain('application/ld+json');
});

test('a seeded guide image is served from public storage', async ({ request }) => {
  const guides = await request.get(
    '/rest/v1/guides?select=image_url&is_active=eq.true&order=order_index.asc',
  );
  const [first] = (await guides.json()) as Array<{ image_url: string }>;
  const image = await request.get(`/storage/v1/object/public/guides/${first?.image_url ?? ''}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/svg+xml');
  expect(await image.text()).toContain('<svg');
});

test('an unknown path gets the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});
