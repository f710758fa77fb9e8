import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createEmptyPgliteDatabase } from '../../../test/test-database.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { getWithJunkHost } from '../../../test/junk-host.ts';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

beforeAll(async () => {
  db = await createEmptyPgliteDatabase();
  const storage = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
  await mkdir(path.join(storage, 'guides', 'team'), { recursive: true });
  await writeFile(path.join(storage, 'guides', 'ada.svg'), SVG);
  await writeFile(path.join(storage, 'guides', 'team', 'photo one.webp'), Buffer.from([1, 2, 3]));
  await writeFile(path.join(storage, 'secret.txt'), 'outside the bucket');
  await writeFile(path.join(os.tmpdir(), 'storage-secret.txt'), 'outside storage');
  await symlink(path.join(storage, 'secret.txt'), path.join(storage, 'guides', 'link.txt'));
  await symlink(path.join(storage), path.join(storage, 'guides', 'up'));
  app = await createTestApp(db, { storageFolder: storage });
});
afterAll(() => db.close());

describe('GET /storage/v1/object/public/guides/…', () => {
  it('serves an object with its content type, ETag and cache headers', async () => {
    const response = await app.request('/storage/v1/object/public/guides/ada.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(SVG);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await app.request('/storage/v1/object/public/guides/ada.svg', {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('lets nothing in a user file run when it is opened on its own', async () => {
    const response = await app.request('/storage/v1/object/public/guides/ada.svg');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await app.request('/');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it.each([
    ['a name of 256 bytes', 'a'.repeat(256)],
    ['a name of 256 bytes in a folder', `team/${'é'.repeat(128)}`],
    ['a name of 4,000 bytes', 'a'.repeat(4000)],
    ['a key of many short names', Array(600).fill('ab').join('/')],
  ])('answers 400, not 500, for %s', async (_label, key) => {
    const response = await app.request(`/storage/v1/object/public/guides/${encodeURI(key)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'InvalidKey' });
  });

  it('serves an object behind a Host header that is no host, never a 500', async () => {
    expect(await getWithJunkHost(app, '/storage/v1/object/public/guides/ada.svg')).toBe(200);
  });

  it('serves objects in folders and with encoded names', async () => {
    const response = await app.request('/storage/v1/object/public/guides/team/photo%20one.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 for a missing object and for an unknown bucket', async () => {
    expect((await app.request('/storage/v1/object/public/guides/nobody.svg')).status).toBe(404);
    expect((await app.request('/storage/v1/object/public/private/ada.svg')).status).toBe(404);
  });

  it.each([
    '../secret.txt',
    '%2e%2e/secret.txt',
    '%2E%2E%2Fsecret.txt',
    '..%2fsecret.txt',
    '..%5csecret.txt',
    'team/..%2F..%2Fsecret.txt',
    '%2e%2e%2f%2e%2e%2fstorage-secret.txt',
    '%2Fetc%2Fpasswd',
    '/etc/passwd',
    '%00ada.svg',
    'ada.svg%00.png',
    'C:%5Cwindows%5Cwin.ini',
    '%E0%A4%A',
    'link.txt',
    'up/secret.txt',
    '.',
    './ada.svg/..',
  ])('refuses a path that could leave the bucket: %s', async (key) => {
    const response = await app.request(`/storage/v1/object/public/guides/${key}`);
    expect([400, 404]).toContain(response.status);
    const text = await response.text();
    expect(text).not.toContain('outside');
    expect(text).not.toContain('root:');
  });
});
