import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp } from '../../app.ts';
import { createDatabaseAdmin } from '../../admin/database-admin.ts';
import type { Database } from '../../db/database.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';

const TOKEN = 'a-long-random-admin-token-for-the-tests-0123456789';
let db: Database;
let app: ReturnType<typeof createAdminApp>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(
    "insert into public.guides (name, title, order_index) values ('Amara Okafor', 'Strategist', 1)",
  );
  app = createAdminApp({ admin: createDatabaseAdmin(db), token: TOKEN });
});
afterAll(() => db.close());

function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
) {
  return app.request(`/admin/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function guideCount() {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from public.guides');
  return row?.n;
}

describe('the admin endpoint', () => {
  it('answers an authorised operation with its JSON result', async () => {
    const response = await post('guides/list', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      expect.objectContaining({ name: 'Amara Okafor', order_index: 1 }),
    ]);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer guess' }],
    ['the token without Bearer', { authorization: TOKEN }],
    ['a token one character short', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
  ])('refuses %s with 401 and changes nothing', async (_, headers) => {
    const response = await post('guides/add', { name: 'Intruder', title: 'x' }, headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Missing or wrong admin token.', kind: 'failure' });
    expect(await guideCount()).toBe(1);
  });

  it('refuses any request a browser sends (it has an Origin header), even with the token', async () => {
    const response = await post(
      'guides/add',
      { name: 'Via page', title: 'x' },
      {
        authorization: `Bearer ${TOKEN}`,
        origin: 'http://localhost:8080',
      },
    );
    expect(response.status).toBe(403);
    expect(await guideCount()).toBe(1);
  });

  it.each([
    ['a body that is not JSON', 'guides/add', '{name:', /must be JSON/],
    ['a missing field', 'guides/add', { title: 'No name' }, /name: /],
    ['a field of the wrong type', 'guides/add', { name: 'N', title: 'T', is_active: 'yes' }, /is_active/],
    [
      'an image path leaving the bucket',
      'guides/add',
      { name: 'N', title: 'T', image_url: '../secret.txt' },
      /image_url: must be an http\(s\) address or a path/,
    ],
    [
      'a javascript: image URL',
      'guides/add',
      { name: 'N', title: 'T', image_url: 'javascript:alert(1)' },
      /image_url/,
    ],
    ['an id that is not a number', 'guides/remove', { id: '1; drop table guides' }, /id: /],
    ['an update with nothing to change', 'guides/update', { id: 1 }, /Nothing to change/],
    ['input for an operation that takes none', 'guides/list', [], /expected object/],
  ])('refuses %s with 400 and a clear message', async (_, path, body, message) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ kind: 'invalid', error: expect.stringMatching(message) });
    expect(await guideCount()).toBe(1);
  });

  it('answers 404 for an unknown id and for an unknown operation', async () => {
    expect((await post('guides/remove', { id: 99 })).status).toBe(404);
    expect((await post('guides/drop', {})).status).toBe(404);
  });

  it('is not part of the public app', async () => {
    const site = await createTestApp(db);
    const response = await site.request('/admin/v1/guides/list', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Amara');
  });
});
