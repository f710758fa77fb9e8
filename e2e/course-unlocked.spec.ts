import { expect, type Page, test } from '@playwright/test';
import { holdScripts } from './hydration-helpers';
import { openHome, signupDialog } from './signup-helpers';

test.use({ viewport: { width: 375, height: 667 } });

/**
 * What supabase-js keeps in localStorage after a sign-in, under its default key for this origin
 * (`sb-<first label of the host>-auth-token`). The access token has expired: the course page refreshes it.
 */
async function seedStoredSession(page: Page, baseURL: string | undefined) {
  const key = `sb-${new URL(baseURL ?? '').hostname.split('.')[0]}-auth-token`;
  const session = {
    access_token: 'expired.access.token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) - 60,
    refresh_token: 'stored-refresh-token',
    user: { id: '7c0f3c1e-2b1a-4e33-9d54-0b8f3f1f1a10', aud: 'authenticated', email: 'ada@example.com' },
  };
  await page.addInitScript(([storageKey, value]) => window.localStorage.setItem(storageKey, value), [
    key,
    JSON.stringify(session),
  ] as const);
}

/** Every request to the back end's auth API: reading the stored session must not load supabase-js. */
function recordAuthRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/')) requests.push(request.url());
  });
  return requests;
}

test('a signed-in visitor sees the course unlocked: a link to /course, without loading supabase-js', async ({
  page,
  baseURL,
}) => {
  await seedStoredSession(page, baseURL);
  const authRequests = recordAuthRequests(page);
  await openHome(page);

  const unlocked = page
    .getByRole('region', { name: 'Learn how to Strategise your Personal Future' })
    .getByRole('link', { name: 'Continue the course' });
  await expect(unlocked).toHaveAttribute('href', '/course');
  await expect(page.getByText("You're signed in: every lesson is yours to watch.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play Full Course (locked)' })).toHaveCount(0);
  expect(authRequests).toEqual([]);

  await unlocked.click();
  await expect(page).toHaveURL(/\/course$/);
});

test('a signed-in visitor who taps the locked button before hydration is taken to /course', async ({
  page,
  baseURL,
}) => {
  await seedStoredSession(page, baseURL);
  const release = await holdScripts(page, 'hydration');
  await page.goto('/', { waitUntil: 'commit' });
  const locked = page.getByRole('button', { name: 'Play Full Course (locked)' });
  await locked.click();
  await expect(locked).toHaveAttribute('data-pending', '');
  release();
  await expect(page).toHaveURL(/\/course$/);
});

test.describe('without a stored session', () => {
  test('the full course stays locked and its button opens the sign-up', async ({ page }) => {
    await openHome(page);
    await expect(page.getByText('Free after a 30-second sign-up.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/course');
    await page.getByRole('button', { name: 'Play Full Course (locked)' }).click();
    await expect(signupDialog(page)).toBeVisible();
  });

  test('a stored value that is no session leaves it locked', async ({ page, baseURL }) => {
    const key = `sb-${new URL(baseURL ?? '').hostname.split('.')[0]}-auth-token`;
    await page.addInitScript((storageKey) => window.localStorage.setItem(storageKey, '{"user":{}}'), key);
    await openHome(page);
    await page.getByRole('button', { name: 'Play Full Course (locked)' }).click();
    await expect(signupDialog(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue the course' })).toHaveCount(0);
  });
});
