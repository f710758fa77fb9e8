/** What the studio's specs share: a server of their own, the owner's sign-in with her e-mail's link, a section. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freePort, type ServerProcess, spawnServer } from '../scripts/server-process.mjs';
import { sendSignInCode, waitForMail } from './course-helpers';

/** The owner OWNER_EMAIL names on each studio spec's server. */
export const OWNER = 'coach@example.com';

/**
 * The spec's own server, started before its tests and stopped after them (`env` adds to its settings): what the
 * owner changes there never shows in the other specs, which share the server scripts/e2e.mjs started. Its fields
 * are set once it has started.
 */
export function serverOfItsOwn(name: string, env: Record<string, string> = {}) {
  const server = { baseUrl: '', dataDir: '', mailFolder: '', owner: OWNER };
  let running: ServerProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server.dataDir = await mkdtemp(path.join(os.tmpdir(), `e2e-${name}-`));
    server.mailFolder = path.join(server.dataDir, 'mail');
    // A port of its own, not PORT=0: the sign-in form's redirect and the e-mails' links name the site's address.
    const port = String(await freePort());
    running = await spawnServer({
      env: { PORT: port, DATA_DIR: server.dataDir, OWNER_EMAIL: OWNER, ...env },
    });
    server.baseUrl = `http://localhost:${port}`;
  });
  test.afterAll(async () => {
    await running?.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  });
  return server;
}

/**
 * Signs the owner in at /studio as a person does: types the address once, then opens her e-mail's button (an
 * owner's e-mail, to the studio) and taps once. `mailFolder` is the spec's server's DATA_DIR/mail.
 */
export async function signInAsOwner(
  page: Page,
  server: { baseUrl: string; owner: string; mailFolder: string },
) {
  const { baseUrl, owner, mailFolder } = server;
  await page.goto(`${baseUrl}/studio`);
  const signIn = page.getByRole('region', { name: 'Sign in to the studio' });
  await sendSignInCode(page, owner);
  await expect(signIn.getByText(`If ${owner} signed up`)).toBeVisible();
  const [mail] = await waitForMail(owner, 1, mailFolder);
  expect(mail?.subject).toBe('Sign in to your studio');
  expect(mail?.text).toMatch(/^Hi there,/);
  const link = /^Open your studio: (\S+)$/m.exec(mail?.text ?? '')?.[1] ?? '';
  expect(new URL(link).pathname).toBe('/studio');
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue to your studio' }).click();
  await expect(page.getByText(`Signed in as ${owner}`)).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
}

export async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}
