import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { solidPng } from '../server/test/test-images.ts';

// The owner's tool against the server scripts/e2e.mjs started on E2E_DATA_DIR (PGlite): the tool must reach the
// database through the running server, and visitors see the change on their next load.
const run = promisify(execFile);
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('Run the e2e specs with scripts/e2e.mjs, which sets E2E_DATA_DIR.');

async function admin(...args: string[]) {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return stdout;
}

const GUIDE = 'Grace Hopper (admin e2e)';
const PICTURE = solidPng(8, 8, [220, 90, 20]);

/** The guides the page itself asked for, as the REST API answered it. */
async function loadHome(page: Page): Promise<Array<{ name: string; image_url: string | null }>> {
  const guidesResponse = page.waitForResponse((response) => response.url().includes('/rest/v1/guides'));
  await page.goto('/');
  return (await guidesResponse).json();
}

test('`guides add --image` while the site runs shows the guide with its picture; `guides deactivate` hides it', async ({
  page,
}) => {
  const picture = path.join(await mkdtemp(path.join(os.tmpdir(), 'e2e-picture-')), 'grace.png');
  await writeFile(picture, PICTURE);

  const added = await admin(
    'guides',
    'add',
    '--name',
    GUIDE,
    '--title',
    'Computer pioneer',
    '--image',
    picture,
    '--order',
    '1',
  );
  const id = /^Added guide (\d+) /.exec(added)?.[1];
  expect(id, added).toBeDefined();

  const guides = await loadHome(page);
  await expect(page.getByText(GUIDE).first()).toBeVisible();
  const shown = guides.find((guide) => guide.name === GUIDE);
  expect(shown?.image_url).toMatch(/^[0-9a-f]{32}\.png$/);
  const image = await page.request.get(`/storage/v1/object/public/guides/${shown?.image_url}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await image.body())).toEqual(PICTURE);

  expect(await admin('guides', 'deactivate', id ?? '')).toContain(`Deactivated guide ${id} "${GUIDE}"`);
  const after = await loadHome(page);
  expect(after.map((guide) => guide.name)).not.toContain(GUIDE);
  await expect(page.getByText(after[0]?.name ?? 'no guides').first()).toBeVisible();
  await expect(page.getByText(GUIDE)).toHaveCount(0);
  expect(await admin('guides', 'list')).toMatch(new RegExp(`${id}\\s+1\\s+no\\s+Grace Hopper`));
  // Leave the shared data folder with the guides the other specs expect.
  expect(await admin('guides', 'remove', id ?? '')).toContain(`Removed guide ${id}`);
});

test('the admin endpoint is not on the public port', async ({ request }) => {
  const response = await request.post('/admin/v1/guides/list', { data: {} });
  expect(response.status()).toBe(404);
});
