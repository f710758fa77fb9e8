import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { answerUpToContact, copy, fillContact, openHome, signupDialog } from './signup-helpers';

const mailFolder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

async function mailFor(address: string): Promise<string | undefined> {
  const files = await readdir(mailFolder).catch(() => []);
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const raw = await readFile(path.join(mailFolder, file), 'utf8');
    if (raw.includes(`To: ${address}`)) return raw;
  }
  return undefined;
}

test('a visitor signs up in the dialog and the course e-mail lands as an .eml in DATA_DIR/mail', async ({
  page,
}) => {
  const address = `visitor-${Date.now()}@Example.COM`;
  const stored = address.replace('@Example.COM', '@example.com');
  await openHome(page);
  await page.getByRole('button', { name: 'Sign up free and watch instantly' }).click();
  const dialog = signupDialog(page);
  await expect(dialog).toBeVisible();
  await answerUpToContact(dialog);
  // A name with markup in it: the e-mail greets by the first plain word and never carries the markup.
  await fillContact(dialog, 'Ada <Lovelace>', address);
  const answer = page.waitForResponse((response) => response.url().includes('/functions/v1/send-email'));
  await dialog.getByRole('button', { name: copy.submit }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(response.request().headers()['x-client-info']).toMatch(/supabase-js/);
  expect(response.headers()['x-relay-error']).toBeUndefined();
  await expect(dialog.getByRole('status')).toHaveText(copy.sent);

  // Delivered by the server's outbox worker to the file mailbox, under the normalised address.
  await expect.poll(() => mailFor(stored), { timeout: 15_000 }).toBeDefined();
  const raw = (await mailFor(stored)) ?? '';
  expect(raw).toContain('Subject: Your free Three Lenses course is ready to watch');
  expect(raw).toContain('From: Three Lenses <course@localhost>');
  expect(raw).toMatch(/Content-Type: multipart\/alternative/);
  expect(raw).toContain('Content-Type: text/plain');
  expect(raw).toContain('Content-Type: text/html');
  expect(raw).toContain('Hi Ada,');
  expect(raw).not.toContain('Lovelace');
});
