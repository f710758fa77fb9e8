/**
 * The site on a static host and the embedded server as its API on another origin: a build with
 * VITE_SUPABASE_URL pointing at the server, served by a plain static server, and the server allowing that
 * origin in SITE_URL. The other specs run against the server's own copy of the site (one origin).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { expect, type Page, test } from '@playwright/test';
import { Hono } from 'hono';
import { freePort, type ServerProcess, spawnServer } from '../scripts/server-process.mjs';
import { carousel } from './guides-helpers';
import { answerUpToContact, copy, fillContact, signupSection } from './signup-helpers';

const root = path.resolve(import.meta.dirname, '..');
/** Loopback addresses that are not "localhost", so the server's localhost allowance does not apply. */
const ALLOWED_HOST = '127.0.0.2';
const FOREIGN_HOST = '127.0.0.3';

/** A plain static file server for the built folder, as a CDN or static host would be. */
function serveFolder(folder: string, host: string, port: number): Server {
  const app = new Hono();
  app.use('*', serveStatic({ root: folder }));
  return serve({ fetch: app.fetch, hostname: host, port }) as Server;
}

let apiUrl = '';
let apiServer: ServerProcess | undefined;
let allowedSite: Server | undefined;
let foreignSite: Server | undefined;
let allowedOrigin = '';
let foreignOrigin = '';
const folders: string[] = [];

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const apiPort = await freePort('127.0.0.1');
  apiUrl = `http://127.0.0.1:${apiPort}`;
  const [allowedPort, foreignPort] = [await freePort(ALLOWED_HOST), await freePort(FOREIGN_HOST)];
  allowedOrigin = `http://${ALLOWED_HOST}:${allowedPort}`;
  foreignOrigin = `http://${FOREIGN_HOST}:${foreignPort}`;

  const site = mkdtempSync(path.join(os.tmpdir(), 'split-site-'));
  const data = mkdtempSync(path.join(os.tmpdir(), 'split-data-'));
  folders.push(site, data);
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--out-dir', site], {
    cwd: root,
    env: { ...process.env, VITE_SUPABASE_URL: apiUrl, SITE_URL: allowedOrigin },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}\n${build.stderr}`);

  // The server compiled by `npm start` (the e2e runner started one), started directly so that its SITE_URL
  // does not make it rebuild the shared dist/.
  apiServer = await spawnServer({
    script: 'server/dist/index.mjs',
    env: { PORT: String(apiPort), DATA_DIR: data, SITE_URL: allowedOrigin },
  });
  allowedSite = serveFolder(site, ALLOWED_HOST, allowedPort);
  foreignSite = serveFolder(site, FOREIGN_HOST, foreignPort);
});

test.afterAll(async () => {
  allowedSite?.close();
  foreignSite?.close();
  await apiServer?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function openHydrated(page: Page, origin: string) {
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => {
    const form = document.querySelector('#signup form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
  });
}

test('a site on another origin that the server allows shows the guides, their pictures and signs up', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await openHydrated(page, allowedOrigin);

  await carousel(page).scrollIntoViewIfNeeded();
  const guides = carousel(page);
  await expect(guides.getByText('Amara Okafor')).toBeVisible();
  const picture = guides.locator(`img[src^="${apiUrl}/storage/v1/object/public/guides/"]`).first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  const form = signupSection(page);
  await form.scrollIntoViewIfNeeded();
  await answerUpToContact(form);
  await fillContact(form, 'Ada Lovelace', `split-${Date.now()}@example.com`);
  const answer = page.waitForResponse((response) => response.url() === `${apiUrl}/functions/v1/send-email`);
  await form.getByRole('button', { name: copy.submit }).click();
  expect((await answer).status()).toBe(200);
  await expect(form.getByText(copy.sent)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a site on an origin the server does not allow is blocked by the browser', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openHydrated(page, foreignOrigin);

  await carousel(page).scrollIntoViewIfNeeded();
  await expect(carousel(page).getByText('Your guide').first()).toBeVisible({ timeout: 20_000 });
  await expect(carousel(page).getByText('Amara Okafor')).toHaveCount(0);

  const form = signupSection(page);
  await form.scrollIntoViewIfNeeded();
  await answerUpToContact(form);
  await fillContact(form, 'Ada Lovelace', `foreign-${Date.now()}@example.com`);
  await form.getByRole('button', { name: copy.submit }).click();
  await expect(form.getByText(copy.sendFailed)).toBeVisible();
  expect(errors.some((text) => text.includes('CORS policy'))).toBe(true);
});
