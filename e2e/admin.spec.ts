import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { type ServerProcess, spawnServer } from '../scripts/server-process.mjs';
import { solidPng } from '../server/test/test-images.ts';
import { carousel, openCarousel } from './guides-helpers';

// The owner's tool against a running server on PGlite: the tool reaches the database through the server's
// Postgres socket in DATA_DIR, and visitors see the change on their next load. This spec starts its own server on its own data folder, so
// the guides it adds never show up in the other specs, which share the server scripts/e2e.mjs started.
const root = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);
let dataDir = '';
let server: ServerProcess | undefined;
let baseUrl = '';

// One server for both tests; it can take a while to start on a busy machine (PGlite, migrations, seed).
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-admin-'));
  server = await spawnServer({ env: { DATA_DIR: dataDir } });
  baseUrl = `http://localhost:${server.port}`;
});

test.afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run admin -- …` as the owner types it, on the data folder of the running server. */
async function admin(...args: string[]) {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return stdout;
}

const GUIDE = 'Grace Hopper';
const PICTURE = solidPng(8, 8, [220, 90, 20]);

test('`guides add --image` while the site runs puts the guide and its picture in the carousel; `guides deactivate` hides it', async ({
  page,
}) => {
  const picture = path.join(dataDir, 'grace.png');
  await writeFile(picture, PICTURE);
  const added = await admin(
    'guides',
    'add',
    '--name',
    GUIDE,
    '--title',
    'Computer pioneer',
    '--quote',
    'Ships are safe in harbour.',
    '--image',
    picture,
    '--order',
    '1',
  );
  const [, id, objectName] = /^Added guide (\d+) .*image ([0-9a-f]{32}\.png)\)\.$/m.exec(added) ?? [];
  expect(id, added).toBeDefined();

  const imageResponse = page.waitForResponse((response) =>
    response.url().endsWith(`/storage/v1/object/public/guides/${objectName}`),
  );
  await openCarousel(page, baseUrl);
  const first = carousel(page).getByRole('group', { name: '1 of 7' });
  await expect(first.getByRole('heading', { name: GUIDE })).toBeVisible();
  await expect(first.getByText('Computer pioneer')).toBeVisible();
  await expect(first.getByText(/Ships are safe in harbour/)).toBeVisible();
  const portrait = first.getByRole('img', { name: `Portrait of ${GUIDE}` });
  await expect(portrait).toHaveAttribute('src', `${baseUrl}/storage/v1/object/public/guides/${objectName}`);
  const image = await imageResponse;
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await image.body())).toEqual(PICTURE);
  // The browser decoded it: the real picture, not the bundled fallback.
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(8);

  expect(await admin('guides', 'deactivate', id ?? '')).toContain(`Deactivated guide ${id} "${GUIDE}"`);
  // Visitors share the guides' answer for a second (decision 0041): a reload within it still shows the old list.
  await expect(async () => {
    await page.reload();
    await carousel(page).scrollIntoViewIfNeeded();
    await expect(
      carousel(page).getByRole('group', { name: '1 of 6' }).getByRole('heading', { name: 'Amara Okafor' }),
    ).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: GUIDE })).toHaveCount(0);
  await expect(page.getByRole('img', { name: `Portrait of ${GUIDE}` })).toHaveCount(0);
});

test("nothing of the owner's tool is on the public port", async ({ request }) => {
  const response = await request.post(`${baseUrl}/admin/v1/guides/list`, { data: {} });
  expect(response.status()).toBe(404);
});
