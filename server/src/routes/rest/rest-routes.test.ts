import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createCallerResolver } from '../../http/caller.ts';
import { createTestApp, testJwtKeys } from '../../../test/test-app.ts';
import { getWithJunkHost } from '../../../test/junk-host.ts';
import { restRoutes } from './rest-routes.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(`
    insert into public.guides (name, title, quote, image_url, order_index, is_active) values
      ('Second', 'B', null, 'b.svg', 2, true),
      ('Hidden', 'H', 'secret', 'h.svg', 0, false),
      ('First', 'A', 'Quote A', 'https://cdn.example.com/a.png', 1, true),
      ('Third', 'C', null, null, 3, true);
  `);
  app = await createTestApp(db);
});
afterAll(() => db.close());

const anonymousCallers = createCallerResolver({ jwt: testJwtKeys, anonKey: EMBEDDED_ANON_KEY });

const get = (query: string, headers: Record<string, string> = {}) =>
  app.request(`/rest/v1/${query}`, { headers });

/** The app over a database that counts its transactions, with the catalog already read. */
async function createCountingApp() {
  let transactions = 0;
  const counting: Database = {
    ...db,
    transaction: (work) => {
      transactions += 1;
      return db.transaction(work);
    },
  };
  const app = await createTestApp(counting);
  await app.request('/rest/v1/guides?select=id');
  transactions = 0;
  return { app, transactions: () => transactions };
}

describe(`GET /rest/v1 on ${databaseKind}`, () => {
  it('answers the carousel query exactly as supabase-js sends it', async () => {
    const response = await get(
      'guides?select=id%2Cname%2Ctitle%2Cquote%2Cimage_url%2Corder_index&is_active=eq.true&order=order_index.asc',
      { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}`, 'accept-profile': 'public' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const rows = (await response.json()) as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.name)).toEqual(['First', 'Second', 'Third']);
    expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'name', 'title', 'quote', 'image_url', 'order_index']);
    expect(rows[0]).toMatchObject({
      quote: 'Quote A',
      image_url: 'https://cdn.example.com/a.png',
      order_index: 1,
    });
  });

  it('never shows inactive guides, whatever the query asks for', async () => {
    for (const query of [
      'guides',
      'guides?is_active=eq.false',
      'guides?name=eq.Hidden',
      'guides?is_active=is.false',
    ]) {
      const rows = (await (await get(query)).json()) as Array<{ name: string }>;
      expect(rows.map((row) => row.name)).not.toContain('Hidden');
    }
  });

  it('supports select *, descending order, limit and offset', async () => {
    const rows = (await (
      await get('guides?select=*&order=order_index.desc&limit=2&offset=1')
    ).json()) as Array<{
      name: string;
      is_active: boolean;
    }>;
    expect(rows.map((row) => row.name)).toEqual(['Second', 'First']);
    expect(rows[0]?.is_active).toBe(true);
  });

  it('supports neq, gt, is and in filters', async () => {
    const names = async (query: string) =>
      (
        (await (await get(`guides?select=name&order=order_index&${query}`)).json()) as Array<{ name: string }>
      ).map((row) => row.name);
    expect(await names('name=neq.First')).toEqual(['Second', 'Third']);
    expect(await names('order_index=gt.1')).toEqual(['Second', 'Third']);
    expect(await names('quote=is.null')).toEqual(['Second', 'Third']);
    expect(await names('name=in.(First,"Third")')).toEqual(['First', 'Third']);
  });

  it('returns an empty JSON array when nothing matches', async () => {
    const response = await get('guides?name=eq.Nobody');
    expect(await response.json()).toEqual([]);
  });

  it('treats values as data, never as SQL', async () => {
    const response = await get(`guides?name=eq.${encodeURIComponent("x' or '1'='1")}`);
    expect(await response.json()).toEqual([]);
    const rows = (await (await get('guides?select=name')).json()) as unknown[];
    expect(rows).toHaveLength(3);
  });

  it.each([
    ['guides?select=nope', 400, '42703'],
    ['guides?nope=eq.1', 400, '42703'],
    ['guides?order=nope.asc', 400, '42703'],
    ['guides?name=like.A*', 400, 'PGRST100'],
    ['guides?name=First', 400, 'PGRST100'],
    ['guides?order=name.sideways', 400, 'PGRST100'],
    ['guides?limit=-1', 400, 'PGRST100'],
    ['guides?select=name;drop table guides', 400, 'PGRST100'],
    ['guides?is_active=eq.banana', 400, '22P02'],
    ['guides?name=in.(a', 400, 'PGRST100'],
    ['nope', 404, 'PGRST205'],
    ['pg_user', 404, 'PGRST205'],
    ['', 404, 'PGRST125'],
    ['rpc/anything', 405, 'PGRST117'],
    ['rpc/anything/else', 404, 'PGRST125'],
  ])('refuses %s with a PostgREST error', async (query, status, code) => {
    const response = await get(query);
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code });
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof body.message).toBe('string');
  });

  it.each(['POST', 'PATCH', 'PUT', 'DELETE'])(
    'refuses %s other than the insert and upsert supabase-js send',
    async (method) => {
      const response = await app.request('/rest/v1/guides?id=eq.1', {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'DELETE' ? null : JSON.stringify({ name: 'Mallory', title: 'x', is_active: true }),
      });
      expect(response.status).toBe(405);
      expect(await response.json()).toMatchObject({ code: 'PGRST117' });
      const [row] = await db.query<{ count: number }>('select count(*)::int as count from public.guides');
      expect(row?.count).toBe(4);
    },
  );

  it('refuses a schema other than public', async () => {
    const response = await get('guides', { 'accept-profile': 'private' });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({ code: 'PGRST106' });
  });

  it('refuses an API key it does not know', async () => {
    const response = await get('guides', { apikey: 'not-the-key' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('runs one query for identical reads that arrive together or within a second, with one answer', async () => {
    const { app: countingApp, transactions } = await createCountingApp();
    const query = '/rest/v1/guides?select=name&order=order_index.asc';
    const responses = await Promise.all(Array.from({ length: 20 }, () => countingApp.request(query)));
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? '')).toEqual([{ name: 'First' }, { name: 'Second' }, { name: 'Third' }]);
    expect(transactions()).toBe(1);
    expect((await countingApp.request(query)).status).toBe(200);
    expect(transactions()).toBe(1);
  });

  it('caches by the statement a read becomes, never by the address it came to', async () => {
    const { app: countingApp, transactions } = await createCountingApp();
    for (const url of [
      'http://localhost/rest/v1/guides?select=title&order=order_index.asc',
      'http://example.com:8080/rest/v1/guides?order=order_index.asc&select=title',
      'http://127.0.0.1/rest/v1/guides?select=title&order=order_index.asc',
    ]) {
      expect((await countingApp.request(url, { headers: { host: new URL(url).host } })).status).toBe(200);
    }
    expect(transactions()).toBe(1);
  });

  it('caches the guides answer after a burst of junk requests with junk Host headers filled the cache', async () => {
    let guidesReads = 0;
    const counting: Database = {
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            ...tx,
            query: (text, params) => {
              if (text.includes('"order_index"')) guidesReads += 1;
              return tx.query(text, params);
            },
          }),
        ),
    };
    const routes = restRoutes(counting, anonymousCallers, { now: () => 0 });
    const carousel =
      '/guides?select=id,name,title,quote,image_url,order_index&is_active=eq.true&order=order_index.asc';
    // The burst comes first and fills the cache; then the carousel, under more junk Host headers.
    for (let junk = 0; junk < 300; junk += 1) {
      const host = `junk-${junk}${'x'.repeat(junk % 40)}.example:${1000 + junk}`;
      await routes.request(`http://${host}/guides?select=name&id=eq.${junk}`, { headers: { host } });
    }
    for (let visit = 0; visit < 20; visit += 1) {
      const host = `visit-${visit}.example`;
      expect((await routes.request(`http://${host}${carousel}`, { headers: { host } })).status).toBe(200);
    }
    expect(guidesReads).toBe(1);
  });

  it.each([
    ['an order term with two directions', 'guides?order=name.asc.desc'],
    ['an order term with nulls before the direction', 'guides?order=name.nullsfirst.asc'],
    ['more select items than allowed', `guides?select=${Array(1700).fill('id').join(',')}`],
    ['more order terms than allowed', `guides?order=${Array(1700).fill('id').join(',')}`],
  ])("refuses %s with PostgREST's parse error, never PostgreSQL's words", async (_label, query) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'PGRST100', message: expect.stringMatching(/^failed to parse/) });
    expect(JSON.stringify(body)).not.toMatch(/syntax error|target lists|ORDER BY/i);
  });

  it('answers a repeated select item once, so a short URL cannot ask for a huge answer', async () => {
    const stars = await get(`guides?select=${Array(100).fill('*').join(',')}`);
    expect(stars.status).toBe(200);
    const plain = await get('guides?select=*');
    expect(await stars.text()).toBe(await plain.text());
    expect((await get(`guides?select=${Array(101).fill('*').join(',')}`)).status).toBe(400);
  });

  it('answers a read behind a Host header that is no host, never a 500', async () => {
    expect(await getWithJunkHost(app, '/rest/v1/guides?select=name')).toBe(200);
  });

  it('answers 304 to a matching ETag, and shows a change to the table within a second', async () => {
    let clock = 0;
    const clocked = restRoutes(db, anonymousCallers, { now: () => clock });
    const query = '/guides?select=name&order=order_index.asc';
    const first = await clocked.request(query);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const unchanged = await clocked.request(query, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    await db.exec(
      "insert into public.guides (name, title, order_index, is_active) values ('Fourth', 'D', 4, true)",
    );
    try {
      clock = 999;
      expect((await clocked.request(query, { headers: { 'if-none-match': etag } })).status).toBe(304);
      clock = 1000;
      const changed = await clocked.request(query, { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(((await changed.json()) as Array<{ name: string }>).map((row) => row.name)).toContain('Fourth');
    } finally {
      await db.exec("delete from public.guides where name = 'Fourth'");
    }
  });

  it.each([
    ['a read', '/guides?select=name', {}, 200],
    ['an unknown key', '/guides', { headers: { apikey: 'not-the-key' } }, 401],
    ['the API root without a slash', '', {}, 404],
    ['a deeper path', '/rpc/anything/else', {}, 404],
    ['a method other than GET', '/guides', { method: 'DELETE' }, 405],
    ['another schema', '/guides', { headers: { 'accept-profile': 'private' } }, 406],
    ['a query refused once the catalog is read', '/guides?select=nope', {}, 400],
  ])('gives %s the security headers and a JSON body', async (_, path, init, status) => {
    const response = await app.request(`/rest/v1${path}`, init);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // JSON is never run as a page: the page's policies are left to pages (../../http/security-headers.ts).
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('answers HEAD as GET without a body, and a 304 with the security headers', async () => {
    const head = await app.request('/rest/v1/guides?select=name', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const etag = head.headers.get('etag') ?? '';
    const unchanged = await get('guides?select=name', { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('x-content-type-options')).toBe('nosniff');
    expect(unchanged.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('decodes an encoded table name as a route parameter would, encoded slash included', async () => {
    expect(await (await get('gui%64es?select=name&order=order_index.asc&limit=1')).json()).toEqual([
      { name: 'First' },
    ]);
    const slashed = await get('gui%2Fdes');
    expect(slashed.status).toBe(404);
    expect(await slashed.json()).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.gui/des' in the schema cache",
    });
  });

  it('lets row-level security decide, not the server: anon has no write grant at the database', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('set local role anon');
        await tx.query("insert into public.guides (name, title) values ('Mallory', 'x')");
      }),
    ).rejects.toThrow(/permission denied/);
  });
});

describe(`POST bodies on /rest/v1 on ${databaseKind}`, () => {
  /** A JSON value `depth` levels deep counting the object around it, with brackets in strings that must not count. */
  const nestedIn = (depth: number) => `{"x": ${'["[{", '.repeat(depth - 1)}"\\"]}"${']'.repeat(depth - 1)}}`;
  const post = (url: string, body: string) =>
    app.request(url, {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body,
    });

  it('refuses JSON nested deeper than 32 with PostgREST’s 400 and logs no error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
      for (const [url, body] of [
        ['/rest/v1/rpc/stream_folder', `{"stream_path": ${deep}}`],
        ['/rest/v1/rpc/no_such_function', `{"x": ${deep}}`],
        ['/rest/v1/course_feedback', `[{"comment": ${deep}}]`],
        ['/rest/v1/rpc/no_such_function', nestedIn(33)],
      ] as const) {
        const response = await post(url, body);
        expect(response.status, url).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'PGRST102' });
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('reads JSON nested 32 deep, brackets in its strings included', async () => {
    expect(JSON.parse(nestedIn(32))).toBeTruthy();
    const response = await post('/rest/v1/rpc/no_such_function', nestedIn(32));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'PGRST202' });
  });
});
