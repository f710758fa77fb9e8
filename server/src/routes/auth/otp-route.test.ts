// "Send me a new link": supabase-js's signInWithOtp against the embedded server, the e-mail it queues, and
// the link in that e-mail signing the visitor in.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AuthClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { addOwner, removeOwner } from '../../db/owners.ts';
import { embeddedSignInLinks } from '../../outbox/embedded-sign-in-links.ts';
import { createUnsubscribeLinks } from '../../../../supabase/functions/_shared/unsubscribe.ts';
import { createFileMailboxTransport } from '../../outbox/transports/file-mailbox-transport.ts';
import { readMime } from '../../../test/mime.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';
import {
  addressHasher,
  type Log,
  type LogLine,
  redactAddresses,
} from '../../../../supabase/functions/_shared/log.ts';
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
  await db.exec(`truncate public.email_outbox, public.signups, auth.users restart identity cascade;
                 update public.mail_request_budget
                    set hour = date_trunc('hour', now()), emails = 0, alerted_hour = null,
                        sign_in_hour = null, sign_in_emails = 0`);
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

/** Sends the queued sign-in e-mail (the sign-up's own marked sent) into a mailbox folder, and reads it. */
async function deliverTheSignInEmail() {
  const mailFolder = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
  const transport = createFileMailboxTransport(mailFolder, quiet, { retentionDays: 1 });
  await db.query("update public.email_outbox set status = 'sent' where kind = 'course-access'");
  const report = await deliverDue({
    db,
    transport,
    log: quiet,
    mailFrom: 'Three Lenses <course@lenses.example>',
    signInLinks: embeddedSignInLinks(db, SITE),
    unsubscribeLinks: createUnsubscribeLinks(db, { siteUrl: SITE, apiUrl: SITE }),
    siteUrl: SITE,
    workerId: 'test',
  });
  await transport.close?.();
  expect(report.sent).toBe(1);
  const [file] = await readdir(mailFolder);
  return readMime(await readFile(path.join(mailFolder, file ?? ''), 'utf8'));
}

describe(`POST /auth/v1/otp, "Send me a new link" (${databaseKind})`, () => {
  it('queues a sign-in e-mail for an address that signed up; its .eml link signs the visitor in', async () => {
    await signUp('Ada@example.com');
    const { data, error } = await askForLink('ADA@example.com');
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(await signInRows()).toEqual([{ recipient: 'Ada@example.com', kind: 'sign-in-link' }]);
    expect(wakes).toBe(1);

    const { headers, parts } = await deliverTheSignInEmail();
    expect(headers.get('subject')).toBe('Your sign-in link for Three Lenses');
    const link = /https:\/\/lenses\.example\/course\?token_hash=[0-9a-f]{64}&type=magiclink/.exec(
      parts.get('text/plain') ?? '',
    )?.[0];
    const tokenHash = new URL(link ?? SITE).searchParams.get('token_hash') ?? '';
    const signedIn = await authClient().verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email?.toLowerCase()).toBe('ada@example.com');
  });

  it("sends an owner's address the owner's e-mail: to the studio, its code typed there, no learner wording", async () => {
    await addOwner(db, 'Coach@Example.com');
    try {
      expect((await askForLink('coach@example.com', authClient(), `${SITE}/studio`)).error).toBeNull();
      const { headers, parts } = await deliverTheSignInEmail();
      const text = parts.get('text/plain') ?? '';
      expect(headers.get('subject')).toBe('Sign in to your studio');
      expect(text).toMatch(/^Hi there,/);
      expect(text).not.toMatch(/Course owner|Hi Course|free Three Lenses course/);
      expect(text).toContain(
        'Enter it on the studio page, https://lenses.example/studio, with your e-mail address.',
      );
      const link =
        /Open your studio: (https:\/\/lenses\.example\/studio\?token_hash=[0-9a-f]{64}&type=magiclink)/.exec(
          text,
        )?.[1];
      expect(parts.get('text/html')).toContain(`>Open your studio</a>`);
      const tokenHash = new URL(link ?? SITE).searchParams.get('token_hash') ?? '';
      const signedIn = await authClient().verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.user?.email?.toLowerCase()).toBe('coach@example.com');
    } finally {
      await removeOwner(db, 'coach@example.com');
    }
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

  it('sends an address at most 5 sign-in e-mails a day, each waiting twice as long as the one before', async () => {
    await signUp('ada@example.com');
    /** Moves the address's last sign-in e-mail this many seconds into the past, as if time had passed. */
    const age = (seconds: number) =>
      db.query(
        `update public.signups
            set last_sign_in_link_queued_at = last_sign_in_link_queued_at - make_interval(secs => $1),
                sign_in_day_started_at = sign_in_day_started_at - make_interval(secs => $1)`,
        [seconds],
      );
    expect((await askForLink('ada@example.com')).error).toBeNull();
    expect(await signInRows()).toHaveLength(1);
    // After the n-th e-mail of the day the next one waits 2^(n-1) minutes: 1, 2, 4, 8.
    for (const [sent, waitMinutes] of [
      [1, 1],
      [2, 2],
      [3, 4],
      [4, 8],
    ] as const) {
      await age(waitMinutes * 60 - 5);
      expect((await askForLink('ada@example.com')).error).toBeNull();
      expect(await signInRows()).toHaveLength(sent);
      await age(5);
      expect((await askForLink('ada@example.com')).error).toBeNull();
      expect(await signInRows()).toHaveLength(sent + 1);
    }
    // The day's cap: an hour later still nothing, answered alike; a day after the first, one again.
    await age(3600);
    expect((await askForLink('ada@example.com')).error).toBeNull();
    expect(await signInRows()).toHaveLength(5);
    await age(24 * 3600);
    expect((await askForLink('ada@example.com')).error).toBeNull();
    expect(await signInRows()).toHaveLength(6);
  });

  it('keeps a fifth of the hourly ceiling for sign-in e-mails: a flood of sign-ups cannot take it; past it none is queued, logged once an hour', async () => {
    const lines: LogLine[] = [];
    const log: Log = { info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) };
    const hashed = redactAddresses(log, addressHasher('a-log-hash-key-of-at-least-32-characters'));
    // A ceiling of 5: four course e-mails an hour for sign-ups, one sign-in e-mail kept apart.
    const capped = await createTestApp(db, {
      otp: { perIp: { limit: 1000, windowSeconds: 60 }, mailRequestsPerHour: 5, log: hashed },
    });
    const flood = Array.from({ length: 12 }, (_, index) => `flood-${index}@example.com`);
    for (const email of ['a@example.com', 'b@example.com', ...flood]) {
      await recordSignup(
        db,
        { email, name: 'Ada' },
        { source: 'test', perAddress: { limit: 3, windowSeconds: 3600 }, mailRequestsPerHour: 5 },
      );
    }
    // The sign-ups filled their share of this hour and of the three after it; a learner's new link still goes out.
    expect((await askForLink('a@example.com', authClient(capped))).error).toBeNull();
    expect(await signInRows()).toEqual([{ recipient: 'a@example.com', kind: 'sign-in-link' }]);
    // Past the sign-in share: nothing is queued, the answer is the same, and the log says so once.
    expect((await askForLink('b@example.com', authClient(capped))).error).toBeNull();
    expect(await signInRows()).toHaveLength(1);
    // Refused by the ceiling, the address's own day did not advance: its next request is its first.
    expect(
      await db.query(
        "select 1 from public.signups where sign_in_emails_in_day > 0 and email = 'b@example.com'",
      ),
    ).toEqual([]);
    await vi.waitFor(() =>
      expect(lines.filter((line) => line.event === 'mail.hourly_ceiling_reached')).toHaveLength(1),
    );
    expect(JSON.stringify(lines)).not.toMatch(/@example\.com/);
    // The next hour has room again, whatever the sign-ups queued for it.
    await db.query("update public.mail_request_budget set sign_in_hour = sign_in_hour - interval '1 hour'");
    expect((await askForLink('b@example.com', authClient(capped))).error).toBeNull();
    expect(await signInRows()).toMatchObject([
      { recipient: 'a@example.com' },
      { recipient: 'b@example.com' },
    ]);
  });

  it('takes JSON only, as supabase-js sends it: a form or text/plain request (no CORS preflight) queues nothing', async () => {
    await signUp('ada@example.com');
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await app.request('/auth/v1/otp', {
        method: 'POST',
        headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': type, origin: 'https://evil.example' },
        body: JSON.stringify({ email: 'ada@example.com', create_user: false }),
      });
      expect(response.status, type).toBe(415);
      expect(await response.json(), type).toEqual({
        code: 415,
        error_code: 'bad_json',
        msg: 'Content-Type must be application/json',
      });
    }
    expect(await signInRows()).toEqual([]);
    const json = await app.request('/auth/v1/otp', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify({ email: 'ada@example.com', create_user: false }),
    });
    expect(json.status).toBe(200);
    expect(await signInRows()).toHaveLength(1);
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
