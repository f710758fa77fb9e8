// Hostile input: fast-check generates requests to POST /functions/v1/send-email (malformed JSON, wrong types,
// huge and deeply nested bodies, unicode and control characters, ill-formed UTF-16 (lone surrogates), header
// injection, SQL), to the REST query parser (bad operators, SQL in every position, forbidden tables, select
// and order lists of thousands of items, junk Host headers) and to public storage (names longer than a file
// system allows, traversal, odd encodings). Every answer is a 4xx with an `error` field or PostgREST's error
// shape (a 200 only for a valid request), never a 5xx; the server's memory stays flat; nothing from a rejected
// request reaches the database.
import fc from 'fast-check';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import {
  cleanups,
  peakRssMb,
  recordMetrics,
  request,
  rssMb,
  runCleanups,
  size,
  startServer,
  tempDir,
  type HttpAnswer,
} from './harness.ts';
import { readPglite } from './outcome.ts';

afterEach(runCleanups);

const CASES = size(300, 10_000); // per endpoint
// FUZZ_SEED=<seed from a failure report> replays a run.
const seed = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};

const SQL = [
  "' or '1'='1",
  "'; drop table public.signups; --",
  'x); delete from public.email_outbox; --',
  '1 union select email, name from public.signups',
  '$$; select pg_sleep(10); $$',
  '\\x27 or 1=1',
  "\"; select current_setting('is_superuser'); --",
];
const INJECTION = [
  'ada@example.com\r\nBcc: victim@example.org',
  'ada@example.com\nSubject: hacked',
  'Ada\r\nBcc: victim@example.org',
  'Ada%0d%0aBcc:victim@example.org',
  '=?utf-8?q?=0D=0ABcc:victim@example.org?=',
  'ada@example.com,victim@example.org',
  '"ada\\"@example.com',
  '<script>alert(1)</script>',
  'Ada\u2028Bcc: victim@example.org',
  'Ada\u0000',
];

/** A lone UTF-16 surrogate somewhere in a string: JSON can carry it (`"\\ud800"`), PostgreSQL cannot store it. */
const illFormed = fc
  .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 20 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`);
const wellFormedText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(...SQL, ...INJECTION, '', ' ', 'A'.repeat(101), 'é'.repeat(100), '👩‍👩‍👧'.repeat(40)),
);
const text = fc.oneof({ weight: 4, arbitrary: wellFormedText }, { weight: 1, arbitrary: illFormed });
const email = fc.oneof(
  fc.emailAddress(),
  fc
    .tuple(
      fc.constantFrom('Fuzz', 'a.b', 'x+tag', "o'neil"),
      fc.nat(1_000_000),
      fc.constantFrom('EXAMPLE.com', 'example.org'),
    )
    .map(([local, n, domain]) => `${local}${n}@${domain}`),
  text,
);
const nested = fc.integer({ min: 1, max: 6_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const jsonBody = fc.oneof(
  { weight: 4, arbitrary: fc.record({ name: text, email }).map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc.record({ name: text, email, extra: fc.jsonValue() }).map((value) => JSON.stringify(value)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ name: fc.jsonValue(), email: fc.jsonValue() }, { requiredKeys: [] })
      .map((v) => JSON.stringify(v)),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.record({ name: text, email }), fc.nat())
      .map(([v, cut]) => JSON.stringify(v).slice(0, cut % 30)),
  },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: nested.map((deep) => `{"name":${deep},"email":"a@example.com"}`) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 8_000, max: 200_000 })
      .map((n) => JSON.stringify({ name: 'x'.repeat(n), email: 'big@example.com' })),
  },
  { weight: 1, arbitrary: fc.string() },
);
const body = fc.oneof(
  { weight: 9, arbitrary: jsonBody.map((value) => Buffer.from(value)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
);
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
    headerText,
  ),
  { freq: 8 },
);
const method = fc.oneof(
  { weight: 12, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
);

const COLUMNS = [
  'id',
  'name',
  'title',
  'quote',
  'image_url',
  'order_index',
  'is_active',
  'email',
  'recipient',
  'status',
];
const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'is',
  'in',
  'like',
  'ilike',
  'fts',
  'cs',
  'not.eq',
  'or',
  'match',
];
const restValue = fc.oneof(
  fc
    .tuple(fc.constantFrom(...OPERATORS), fc.oneof(text, fc.integer().map(String)))
    .map(([op, v]) => `${op}.${v}`),
  fc
    .tuple(fc.constantFrom('in', 'not.in'), fc.array(text, { maxLength: 4 }))
    .map(([op, items]) => `${op}.(${items.join(',')})`),
  fc.constantFrom(
    '*',
    'id,name',
    'email',
    'name;drop table guides',
    'count()',
    'guides(*)',
    'order_index.desc',
    '-1',
    '1e9',
    'true',
  ),
  text,
);
/**
 * Select and order lists of hundreds to a couple of thousand items (the server takes 100), each list kept under
 * 7 KB once encoded (a comma is `%2C`), so two of them stay within Node's 16 KB request line.
 */
const hugeList = fc
  .tuple(
    fc.constantFrom('select', 'order'),
    fc.constantFrom('*', 'id', 'name', 'name.asc', 'id.desc.nullslast', 'name.asc.desc'),
    fc.integer({ min: 90, max: 2_500 }),
  )
  .map(([key, item, count]): [string, string] => {
    const fits = Math.min(count, Math.floor(7_000 / (item.length + 3)));
    return [key, Array<string>(fits).fill(item).join(',')];
  });
const restKey = fc.oneof(
  fc.constantFrom(...COLUMNS, 'select', 'order', 'limit', 'offset', 'and', 'or'),
  fc.constantFrom(...SQL),
  text,
);
const table = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('guides', 'signups', 'email_outbox') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'pg_user',
      'pg_authid',
      'information_schema.tables',
      'public.signups',
      'SIGNUPS',
      'signups%00',
      'rpc/anything',
    ),
  },
  { weight: 1, arbitrary: wellFormedText.map(encodeURIComponent) },
);
const junkHost = fc.oneof(
  fc.stringMatching(/^[a-z0-9.-]{1,60}(:\d{1,5})?$/),
  fc.constantFrom('', '[::1]:0', 'a..b', '%00', 'evil.example:99999', 'x'.repeat(300)),
);
const restRequest = fc.record({
  table,
  query: fc.oneof(
    { weight: 5, arbitrary: fc.array(fc.tuple(restKey, restValue), { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.array(hugeList, { minLength: 1, maxLength: 2 }) },
  ),
  host: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: junkHost }),
  profile: fc.option(fc.constantFrom('public', 'private', 'pg_catalog', 'auth'), { freq: 3 }),
  apikey: fc.option(fc.constantFrom(EMBEDDED_ANON_KEY, 'service_role', ''), { freq: 2 }),
});

/** Public object keys: names far past a file system's 255 bytes, many folders, traversal, odd encodings. */
const storageKey = fc.oneof(
  fc
    .tuple(fc.constantFrom('a', 'é', '%2e', '-', '👩'), fc.integer({ min: 100, max: 3_000 }))
    .map(([unit, count]) => encodeURI(unit.repeat(count))),
  fc
    .array(fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent), { maxLength: 10 })
    .map((parts) => parts.join('/')),
  fc.integer({ min: 1, max: 2_000 }).map((count) => 'ab/'.repeat(count)),
  fc.constantFrom('amara-okafor.svg', '../secret', '%2e%2e/x', '%E0%A4%A', '%00', 'a%2Fb', '.'),
);

const isJsonObject = (answer: HttpAnswer): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(answer.body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** One mailbox, however it was capitalised: the server keeps one row per mailbox. */
const mailbox = (raw: string) => raw.trim().toLowerCase();

describe('hostile input against the real server (PGlite)', () => {
  it(
    `${CASES} generated send-email requests, ${CASES} REST queries and ${CASES / 5} storage keys: no 5xx, clear errors, nothing stored from a refusal`,
    {
      timeout: size(600_000, 1_800_000),
    },
    async () => {
      const dataDir = await tempDir('fuzz-data-');
      const server = await startServer({
        DATA_DIR: dataDir,
        DIST_DIR: dataDir,
        SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000000',
        SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
      });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      cleanups.push(async () => agent.destroy());
      const accepted = new Set<string>();
      let cases = 0;
      let serverErrors = 0;
      let warmRss = 0;

      await fc.assert(
        fc.asyncProperty(method, contentType, body, async (verb, type, payload) => {
          cases += 1;
          if (cases === 300) warmRss = rssMb(server.child.pid);
          const answer = await request(
            server.port,
            {
              method: verb,
              path: '/functions/v1/send-email',
              headers: type === null ? {} : { 'content-type': type },
              body: verb === 'GET' || verb === 'HEAD' ? undefined : payload,
            },
            agent,
          );
          if (answer.status >= 500) serverErrors += 1;
          expect(answer.status, answer.body).toBeGreaterThanOrEqual(200);
          expect(answer.status, answer.body).toBeLessThan(500);
          if (verb === 'OPTIONS' || verb === 'HEAD') return;
          const json = isJsonObject(answer);
          if (answer.status === 200) {
            expect(json).toEqual({ ok: true });
            const value = JSON.parse(payload.toString()) as { email: string };
            accepted.add(mailbox(value.email));
          } else {
            expect(
              typeof json?.error,
              `${answer.status} ${JSON.stringify(answer.headers)} ${answer.body}`,
            ).toBe('string');
          }
        }),
        { numRuns: CASES, endOnFailure: true, ...seed },
      );

      await fc.assert(
        fc.asyncProperty(restRequest, async ({ table: name, query, host, profile, apikey }) => {
          cases += 1;
          const search = new URLSearchParams(query).toString();
          const headers: Record<string, string> = {};
          if (host !== null) headers.host = host;
          if (profile !== null) headers['accept-profile'] = profile;
          if (apikey !== null) headers.apikey = apikey;
          const answer = await request(
            server.port,
            { path: `/rest/v1/${name}${search ? `?${search}` : ''}`, headers },
            agent,
          );
          if (answer.status >= 500) serverErrors += 1;
          expect(answer.status, answer.body).toBeGreaterThanOrEqual(200);
          expect(answer.status, answer.body).toBeLessThan(500);
          if (answer.status === 200) {
            expect(['guides'], `${name}?${search} answered 200`).toContain(name);
            const rows = JSON.parse(answer.body) as Array<Record<string, unknown>>;
            expect(Array.isArray(rows)).toBe(true);
            for (const row of rows) {
              expect(row.name).not.toBe('Helen Park'); // the seeded inactive guide
              if ('is_active' in row) expect(row.is_active).toBe(true);
            }
            return;
          }
          // Neither reaches the app: a URL past Node's 16 KB header limit (431), and a Host that is no host
          // at all (Hono's Node adapter answers 400 itself).
          if (answer.status === 431) return;
          if (host !== null && answer.status === 400 && isJsonObject(answer) === undefined) return;
          const json = isJsonObject(answer);
          const shape = Object.keys(json ?? {})
            .sort()
            .join(',');
          expect(
            ['code,details,hint,message', 'hint,message', 'error'],
            `${answer.status} ${answer.body}`,
          ).toContain(shape);
        }),
        { numRuns: CASES, endOnFailure: true, ...seed },
      );

      await fc.assert(
        fc.asyncProperty(storageKey, async (key) => {
          cases += 1;
          const answer = await request(
            server.port,
            { path: `/storage/v1/object/public/guides/${key}` },
            agent,
          );
          if (answer.status >= 500) serverErrors += 1;
          expect(answer.status, `${key.slice(0, 80)}… ${answer.body}`).toBeLessThan(500);
          if (answer.status === 200 || answer.status === 431) return;
          expect(Object.keys(isJsonObject(answer) ?? {}).sort(), answer.body).toEqual([
            'error',
            'message',
            'statusCode',
          ]);
        }),
        { numRuns: Math.round(CASES / 5), endOnFailure: true, ...seed },
      );

      const finalRss = rssMb(server.child.pid);
      const peak = peakRssMb(server.child.pid);
      expect(await server.stop('SIGTERM')).toBe(0);
      const state = await readPglite(dataDir);
      recordMetrics({
        scenario: 'fuzz, PGlite',
        sent: cases,
        acknowledged: accepted.size,
        stored: state.signups.length,
        serverErrors,
        fuzzCases: cases,
        peakRssMb: peak,
      });
      expect(serverErrors).toBe(0);
      // Only accepted sign-ups were stored, one row per mailbox, and each with its one e-mail queued.
      expect(state.signups).toHaveLength(accepted.size);
      expect(new Set(state.signups.map(mailbox))).toEqual(accepted);
      expect(state.outbox.length).toBeLessThanOrEqual(accepted.size);
      expect(state.outbox.every((row) => accepted.has(mailbox(row.recipient)))).toBe(true);
      // Flat memory: after warm-up, thousands of hostile requests grow the process by less than 64 MB.
      expect(finalRss - warmRss).toBeLessThan(64);
    },
  );
});
