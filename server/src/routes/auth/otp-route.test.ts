// "Send me a new link": supabase-js's signInWithOtp against the embedded server, the e-mail it queues, and
// the link in that e-mail signing the visitor in.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AuthClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { embeddedSignInLinks } from '../../outbox/embedded-sign-in-links.ts';
import { createFileMailboxTransport } from '../../outbox/transports/file-mailbox-transport.ts';
import { readMime } from '../../../test/mime.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';
import type { Log } from '../../../../supabase/functions/_shared/log.ts';
import { deliverDue } from '../../../../supabase/functions/_shared/outbox.ts';
import { recordSignup } from '../../../../supabase/functions/_shared/signup-store.ts';

const SITE = 'https://lenses.example';
const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
let wakes: number;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db, {
    otp: { perIp: { limit: 1000, windowSeconds: 60 }, onQueued: () => (wakes += 1) },
  });
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.exec('truncate public.email_outbox, public.signups, auth.users restart identity cascade');
  wakes = 0;
});

/** supabase-js's auth client as the page builds it, its requests answered by `target` in-process. */
function authClient(target = app) {
  return new AuthClient({
    url: `${SITE}/auth/v1`,
    headers: { apikey: EMBEDDED_ANON_KEY, Authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
    autoRefreshToken: false,
    persistSession: false,
    detectSessionInUrl: false,
    fetch: (input, init) =>
      Promise.resolve(target.request(input instanceof Request ? input : String(input), init)),
  });
}

/** What /course calls: a new link for this address, never a new user, back to SITE_URL/course. */
const askForLink = (email: string, client = authClient(), emailRedirectTo = `${SITE}/course`) =>
  client.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo } });

const signUp = (email: string, name = 'Ada Lovelace') =>
  recordSignup(db, { email, name }, { source: 'test', perAddress: { limit: 3, windowSeconds: 3600 } });

const signInRows = () =>
  db.query<{ recipient: string; kind: string }>(
    "select recipient, kind from public.email_outbox where kind = 'sign-in-link' order by id",
  );

describe(`POST /auth/v1/otp, "Send me a new link" (${databaseKind})`, () => {
  it('queues a sign-in e-mail for an address that signed up; its .eml link signs the visitor in', async () => {
    await signUp('Ada@example.com');
    const { data, error } = await askForLink('ADA@example.com');
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(await signInRows()).toEqual([{ recipient: 'Ada@example.com', kind: 'sign-in-link' }]);
    expect(wakes).toBe(1);

    const mailFolder = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    const transport = createFileMailboxTransport(mailFolder, quiet, { retentionDays: 1 });
    await db.query("update public.email_outbox set status = 'sent' where kind = 'course-access'");
    const report = await deliverDue({
      db,
      transport,
      log: quiet,
      mailFrom: 'Three Lenses <course@lenses.example>',
      signInLinks: embeddedSignInLinks(db, SITE),
      siteUrl: SITE,
      workerId: 'test',
    });
    await transport.close?.();
    expect(report.sent).toBe(1);
    const [file] = await readdir(mailFolder);
    const { headers, parts } = readMime(await readFile(path.join(mailFolder, file ?? ''), 'utf8'));
    expect(headers.get('subject')).toBe('Your sign-in link for Three Lenses');
    const link = /https:\/\/lenses\.example\/course\?token_hash=[0-9a-f]{64}&type=magiclink/.exec(
      parts.get('text/plain') ?? '',
    )?.[0];
    const tokenHash = new URL(link ?? SITE).searchParams.get('token_hash') ?? '';
    const signedIn = await authClient().verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email?.toLowerCase()).toBe('ada@example.com');
  });

  it('answers an address that never signed up the same, and queues nothing and creates no user', async () => {
    const { data, error } = await askForLink('stranger@example.com');
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(await signInRows()).toEqual([]);
    expect(await db.query('select 1 from auth.users')).toEqual([]);
    expect(wakes).toBe(0);
  });

  it('refuses a redirect_to off the site (no open redirect), and takes one on it', async () => {
    await signUp('ada@example.com');
    for (const elsewhere of [
      'https://evil.example/course',
      'https://lenses.example.evil.example/',
      'javascript:alert(1)',
    ]) {
      const { error } = await askForLink('ada@example.com', authClient(), elsewhere);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect(await signInRows()).toEqual([]);
    expect((await askForLink('ada@example.com', authClient(), `${SITE}/course?lesson=2`)).error).toBeNull();
    expect(await signInRows()).toHaveLength(1);
  });

  it('never creates a user: create_user true is refused for every address alike', async () => {
    await signUp('ada@example.com');
    for (const email of ['ada@example.com', 'stranger@example.com']) {
      const { error } = await authClient().signInWithOtp({ email });
      expect(error).toMatchObject({
        status: 422,
        code: 'otp_disabled',
        message: 'Signups not allowed for otp',
      });
    }
    expect(await signInRows()).toEqual([]);
  });

  it('refuses a malformed address with GoTrue’s validation error', async () => {
    const { error } = await askForLink('not-an-address');
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  it('sends at most one sign-in e-mail per address a minute, still answering 200, and ignores the sign-up’s 10-minute rule', async () => {
    await signUp('ada@example.com');
    expect((await askForLink('ada@example.com')).error).toBeNull();
    expect((await askForLink('ADA@example.com')).error).toBeNull();
    expect(await signInRows()).toHaveLength(1);
    await db.query("update public.signups set last_sign_in_link_queued_at = now() - interval '61 seconds'");
    expect((await askForLink('ada@example.com')).error).toBeNull();
    expect(await signInRows()).toHaveLength(2);
    expect(wakes).toBe(2);
  });

  it('queues one e-mail for two requests of one address at once', async () => {
    await signUp('ada@example.com');
    const answers = await Promise.all([askForLink('ada@example.com'), askForLink('Ada@example.com')]);
    expect(answers.map((answer) => answer.error)).toEqual([null, null]);
    expect(await signInRows()).toHaveLength(1);
  });

  it('holds the sign-ups’ per-IP limit, answering GoTrue’s 429 over_request_rate_limit', async () => {
    const limited = await createTestApp(db, { otp: { perIp: { limit: 2, windowSeconds: 60 } } });
    const client = authClient(limited);
    expect((await askForLink('a@example.com', client)).error).toBeNull();
    expect((await askForLink('b@example.com', client)).error).toBeNull();
    const { error } = await askForLink('c@example.com', client);
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const raw = await limited.request('/auth/v1/otp', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'd@example.com', create_user: false }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
