import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, type ServerProcess, spawnServer } from '../scripts/server-process.mjs';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';
import { markWatched, openSignInLink, waitForMail, watchLinkOf, withServerDatabase } from './course-helpers';

// A finish worth keeping, at 375 px, on a server of its own: a lesson is published here, which the specs sharing
// the server scripts/e2e.mjs started must never see.
let dataDir = '';
let server: ServerProcess | undefined;
let baseUrl = '';

test.use({ viewport: { width: 375, height: 800 } });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-finish-'));
  const port = String(await freePort());
  server = await spawnServer({ env: { PORT: port, DATA_DIR: dataDir } });
  baseUrl = `http://localhost:${port}`;
});

test.afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const newLesson = 'Lens four: your next move';

test('a finisher downloads her certificate, and keeps her finish and her rating when a lesson is published', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const address = `finish-${Date.now()}@example.com`;
  const signedUp = await page.request.post(`${baseUrl}/functions/v1/send-email`, {
    headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
    data: { name: 'Ada Lovelace', email: address },
  });
  expect(signedUp.ok()).toBe(true);
  const [courseEmail] = await waitForMail(address, 1, path.join(dataDir, 'mail'));
  await openSignInLink(page, watchLinkOf(courseEmail));
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await markWatched(page, [1, 2, 3, 4, 5]);
  await page.reload();
  await expect(page.getByRole('heading', { name: "You've finished the course!" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write my three-lenses plan' })).toHaveAttribute(
    'href',
    '/course/plan',
  );

  await test.step('the certificate: her name, corrected first, in a one-page PDF and a 1200×630 picture', async () => {
    const certificate = page.getByRole('region', { name: 'Your certificate' });
    const name = certificate.getByRole('textbox', { name: 'Name on the certificate' });
    await expect(name).toHaveValue('Ada Lovelace');
    await name.fill('Ada King');

    const pdfDownload = page.waitForEvent('download');
    await certificate.getByRole('button', { name: 'Download the certificate (PDF)' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('certificate-ada-king.pdf');
    const pdfText = new TextDecoder('windows-1252').decode(await readFile(await pdf.path()));
    expect(pdfText.startsWith('%PDF-')).toBe(true);
    expect(pdfText.match(/\/Type \/Page\b/g)).toHaveLength(1);
    for (const line of ['Ada King', 'The Three Lenses course']) expect(pdfText).toContain(`(${line}) Tj`);

    const imageDownload = page.waitForEvent('download');
    await certificate.getByRole('button', { name: 'Download a picture to share' }).click();
    const image = await imageDownload;
    expect(image.suggestedFilename()).toBe('certificate-ada-king.png');
    const png = await readFile(await image.path());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  // The rating's radios are drawn as their labels: a person taps the label.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /^5/ }) })
    .click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Thank you for your answer.')).toBeVisible();

  await withServerDatabase(async (db) => {
    await db.query(
      `insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
       values ('lens-four', $1, 'lessons/lens-four.mp4', 30, 99, true)`,
      [newLesson],
    );
  }, dataDir);
  await page.reload();
  await expect(page.getByRole('heading', { name: "You've finished the course!" })).toBeVisible();
  await expect(page.getByText('You rated the course 5 out of 5.')).toBeVisible();
  await expect(page.getByText('5 of 6 watched', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `New: ${newLesson}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: newLesson })).toBeFocused();
});
