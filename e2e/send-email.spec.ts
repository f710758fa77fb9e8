import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const mailFolder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

async function mailFor(address: string): Promise<string | undefined> {
  const files = await readdir(mailFolder).catch(() => []);
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const raw = await readFile(path.join(mailFolder, file), 'utf8');
    if (raw.includes(`To: ${address}`)) return raw;
  }
  return undefined;
}

test('a sign-up sent from the page lands as a course e-mail in the file mailbox', async ({ page }) => {
  const address = `visitor-${Date.now()}@example.com`;
  await page.goto('/');
  // What functions.invoke('send-email', { body }) sends: a JSON POST with supabase-js's headers.
  const answer = await page.evaluate(async (email) => {
    const response = await fetch('/functions/v1/send-email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: 'sb_publishable_embedded_three_lenses',
        authorization: 'Bearer sb_publishable_embedded_three_lenses',
        'x-client-info': 'supabase-js-web/2',
      },
      body: JSON.stringify({ name: 'Ada <Lovelace>', email }),
    });
    return { status: response.status, body: await response.text() };
  }, address);
  expect(answer).toEqual({ status: 200, body: '{"ok":true}' });

  await expect.poll(() => mailFor(address), { timeout: 15_000 }).toBeDefined();
  const raw = (await mailFor(address)) ?? '';
  expect(raw).toContain('Subject: Your free Three Lenses course is ready to watch');
  expect(raw).toMatch(/Content-Type: multipart\/alternative/);
  expect(raw).toContain('Content-Type: text/plain');
  expect(raw).toContain('Content-Type: text/html');
  expect(raw).toContain('Ada &lt;Lovelace&gt;');
});
