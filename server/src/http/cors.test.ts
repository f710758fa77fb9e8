import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-database.ts';

const SITE = 'https://lenses.example';
const FOREIGN = 'https://evil.example';

let db: Database;
let storageFolder: string;

beforeAll(async () => {
  db = await createTestDatabase();
  storageFolder = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
  await mkdir(path.join(storageFolder, 'guides'));
  await writeFile(path.join(storageFolder, 'guides', 'ada.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => db.close());

/** One request of each route group, as supabase-js makes it from the site's pages. */
const ROUTES = [
  ['REST', 'GET', '/rest/v1/guides?select=name', undefined],
  ['Storage', 'GET', '/storage/v1/object/public/guides/ada.svg', undefined],
  [
    'Functions',
    'POST',
    '/functions/v1/send-email',
    JSON.stringify({ name: 'Ada', email: 'ada@example.com' }),
  ],
] as const;

describe.each(ROUTES)('CORS on the %s routes', (_, method, url, body) => {
  it('answers a preflight from the site with the methods and headers supabase-js needs', async () => {
    const app = await createTestApp(db, { storageFolder, siteUrls: [SITE] });
    const response = await app.request(url, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': method,
        'access-control-request-headers': 'apikey, authorization, x-client-info, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(response.headers.get('access-control-allow-methods')).toContain(method);
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'apikey',
      'authorization',
      'x-client-info',
      'accept-profile',
      'content-profile',
      'content-type',
      'prefer',
      'x-retry-count',
      'x-supabase-api-version',
    ])
      expect(allowed).toContain(header);
  });

  it('refuses a preflight from another origin, with no CORS headers', async () => {
    const app = await createTestApp(db, { storageFolder, siteUrls: [SITE] });
    const response = await app.request(url, {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': method },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the site read the answer and the headers supabase-js reads; another origin gets none', async () => {
    const app = await createTestApp(db, { storageFolder, siteUrls: [SITE] });
    const request = (origin: string) =>
      app.request(url, {
        method,
        headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${origin.length}` },
        ...(body && { body }),
      });
    const fromSite = await request(SITE);
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(fromSite.headers.get('access-control-expose-headers')?.split(', ')).toEqual(
      expect.arrayContaining(['content-range', 'content-profile', 'x-supabase-api-version', 'upload-offset']),
    );
    expect(fromSite.headers.get('vary')).toContain('Origin');
    const fromElsewhere = await request(FOREIGN);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS before everything else', () => {
  it('answers preflights without touching the database', async () => {
    const failing: Database = {
      ...db,
      query: () => Promise.reject(new Error('the database must not be asked')),
      transaction: () => Promise.reject(new Error('the database must not be asked')),
    };
    const app = await createTestApp(failing, { storageFolder, siteUrls: [SITE] });
    for (const [, method, url] of ROUTES) {
      const response = await app.request(url, {
        method: 'OPTIONS',
        headers: { origin: SITE, 'access-control-request-method': method },
      });
      expect(response.status).toBe(204);
    }
  });

  it('lets the site read a refusal too: an unknown API key is a 401 it can see', async () => {
    const app = await createTestApp(db, { storageFolder, siteUrls: [SITE] });
    const response = await app.request('/rest/v1/guides', { headers: { origin: SITE, apikey: 'wrong' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
  });

  it('allows every origin of a SITE_URL list and, for a site on localhost, that port only', async () => {
    const app = await createTestApp(db, {
      storageFolder,
      siteUrls: ['http://localhost:8080', 'https://www.lenses.example'],
    });
    const allowOrigin = async (origin: string) =>
      (await app.request('/rest/v1/guides?select=name', { headers: { origin } })).headers.get(
        'access-control-allow-origin',
      );
    for (const origin of ['https://www.lenses.example', 'http://localhost:8080', 'http://127.0.0.1:8080']) {
      expect(await allowOrigin(origin), origin).toBe(origin);
    }
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000']) {
      expect(await allowOrigin(origin), origin).toBeNull();
    }
  });
});
