import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hono } from 'hono';
import type { Database } from '../../db/database.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { corsPolicyFor } from '../../../../supabase/functions/_shared/cors.ts';
import {
  addressHasher,
  type Log,
  type LogLine,
  redactAddresses,
} from '../../../../supabase/functions/_shared/log.ts';
import {
  createSendEmailHandler,
  DEFAULT_LIMITS,
  type SignupLimits,
} from '../../../../supabase/functions/_shared/send-email-handler.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());
beforeEach(() =>
  db.exec(`truncate public.email_outbox, public.signups restart identity cascade;
           update public.mail_request_budget set hour = date_trunc('hour', now()), emails = 0, alerted_hour = null`),
);

const SITE = 'https://lenses.example';
/** Every request comes from a reverse proxy on this machine, which names the visitor in X-Forwarded-For. */
const PROXY = '127.0.0.1';

function recordingLog() {
  const lines: LogLine[] = [];
  const log: Log = { info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) };
  return { lines, log };
}

async function appWith(
  options: { limits?: SignupLimits; db?: Database; log?: Log; onQueued?: (id: string) => void } = {},
) {
  const sendEmail = createSendEmailHandler({
    db: options.db ?? db,
    log: options.log ?? recordingLog().log,
    cors: corsPolicyFor([SITE]),
    limits: options.limits ?? DEFAULT_LIMITS,
    source: 'test',
    ...(options.onQueued && { onQueued: options.onQueued }),
  });
  return createTestApp(db, { sendEmail, trustedProxies: [PROXY] });
}

function signUp(app: Hono, body: unknown, headers: Record<string, string> = {}, peer = PROXY) {
  return app.request(
    '/functions/v1/send-email',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.7',
        origin: SITE,
        ...headers,
      },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  );
}

const rows = async () => ({
  signups: await db.query<{
    email: string;
    name: string;
    signup_count: number;
    source: string;
    consent_version: string;
  }>('select email, name, signup_count, source, consent_version from public.signups order by id'),
  outbox: await db.query<{ recipient: string; status: string; idempotency_key: string; id: string }>(
    'select id::text, recipient, status, idempotency_key from public.email_outbox order by id',
  ),
});

describe(`POST /functions/v1/send-email (${databaseKind})`, () => {
  it('records the sign-up and its e-mail, then answers 200 {"ok":true} with CORS for the site', async () => {
    const queued: string[] = [];
    const app = await appWith({ onQueued: (id) => queued.push(id) });
    const response = await signUp(app, { name: '  Ada Lovelace ', email: 'Ada@Example.COM' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(response.headers.get('x-relay-error')).toBeNull();
    const { signups, outbox } = await rows();
    expect(signups).toEqual([
      {
        email: 'Ada@example.com',
        name: 'Ada Lovelace',
        signup_count: 1,
        source: 'test',
        consent_version: expect.any(String),
      },
    ]);
    expect(outbox).toEqual([
      {
        id: expect.any(String),
        recipient: 'Ada@example.com',
        status: 'pending',
        idempotency_key: `course-access/${outbox[0]?.id}`,
      },
    ]);
    expect(queued).toEqual([outbox[0]?.id]);
  });

  it('answers a repeat of the same address the same way, without a second e-mail within 10 minutes', async () => {
    const app = await appWith();
    const first = await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    const again = await signUp(app, { name: 'Ada L.', email: 'ada@EXAMPLE.com' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    const { signups, outbox } = await rows();
    expect(signups).toMatchObject([{ email: 'ada@example.com', name: 'Ada', signup_count: 2 }]);
    expect(outbox).toHaveLength(1);
  });

  it('never renames a person nor resets their consent when someone signs their address up again', async () => {
    const app = await appWith();
    await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    await db.query(
      `update public.signups set consent_version = 'earlier-wording', unsubscribed = true,
              last_email_queued_at = now() - interval '11 minutes'`,
    );
    expect((await signUp(app, { name: 'Hacked', email: 'ADA@example.com' })).status).toBe(200);
    const [row] = await db.query<{ name: string; consent_version: string; unsubscribed: boolean }>(
      'select name, consent_version, unsubscribed from public.signups',
    );
    expect(row).toEqual({ name: 'Ada', consent_version: 'earlier-wording', unsubscribed: true });
    // The e-mail a repeat queues greets the person by the name they gave.
    const greeted = await db.query<{ name: string }>(
      'select s.name from public.email_outbox o join public.signups s on s.id = o.signup_id',
    );
    expect(greeted).toEqual([{ name: 'Ada' }, { name: 'Ada' }]);
  });

  it('queues a new e-mail when the last one for that address is older than 10 minutes', async () => {
    const app = await appWith();
    await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    await db.query("update public.signups set last_email_queued_at = now() - interval '11 minutes'");
    await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    expect((await rows()).outbox).toHaveLength(2);
  });

  it('sends no second e-mail when the same address signs up twice at the same moment', async () => {
    const app = await appWith();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => signUp(app, { name: 'Ada', email: 'twin@example.com' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await rows()).outbox).toHaveLength(1);
  });

  it('records concurrent sign-ups together in one statement, each answered once its row is committed', async () => {
    const statements: string[] = [];
    const counting: Database = {
      ...db,
      query: (text, params) => {
        if (text.includes('insert into public.signups')) statements.push(text);
        return db.query(text, params);
      },
    };
    const app = await appWith({ db: counting });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUp(
          app,
          { name: `Guest ${i}`, email: `guest-${i}@example.com` },
          { 'x-forwarded-for': `192.0.2.${i}` },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(statements.length).toBeLessThanOrEqual(2);
    const { signups, outbox } = await rows();
    expect(signups.map((s) => s.email).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `guest-${i}@example.com`).sort(),
    );
    expect(outbox.map((o) => o.recipient).sort()).toEqual(signups.map((s) => s.email).sort());
  });

  it('fails only the sign-up whose row fails when it shared a statement with others', async () => {
    const { lines, log } = recordingLog();
    await db.exec(`
      create function public.fail_one_recipient() returns trigger language plpgsql as $$
      begin
        if new.recipient = 'doomed@example.com' then raise exception 'disk full' using errcode = '53100'; end if;
        return new;
      end $$;
      create trigger fail_one_recipient before insert on public.email_outbox
        for each row execute function public.fail_one_recipient();`);
    try {
      const app = await appWith({ log });
      const emails = ['a@example.com', 'doomed@example.com', 'b@example.com', 'c@example.com'];
      const answers = await Promise.all(
        emails.map((email, i) =>
          signUp(app, { name: 'Guest', email }, { 'x-forwarded-for': `192.0.2.${i}` }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 500, 200, 200]);
      expect(await answers[1]?.json()).toEqual({
        error: 'Something went wrong on our side. Please try again.',
      });
      const { signups, outbox } = await rows();
      expect(signups.map((s) => s.email).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
      expect(outbox).toHaveLength(3);
      expect(lines.filter((line) => line.event === 'signup.failed')).toHaveLength(1);
    } finally {
      await db.exec(`
        drop trigger fail_one_recipient on public.email_outbox;
        drop function public.fail_one_recipient();`);
    }
  });

  it('limits each client address per minute, with Retry-After and an error message', async () => {
    const app = await appWith({ limits: { ...DEFAULT_LIMITS, perIp: { limit: 2, windowSeconds: 60 } } });
    expect((await signUp(app, { name: 'A', email: 'a1@example.com' })).status).toBe(200);
    expect((await signUp(app, { name: 'A', email: 'a2@example.com' })).status).toBe(200);
    const refused = await signUp(app, { name: 'A', email: 'a3@example.com' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/too many/i) });
    const otherClient = await signUp(
      app,
      { name: 'B', email: 'b@example.com' },
      { 'x-forwarded-for': '198.51.100.8' },
    );
    expect(otherClient.status).toBe(200);
    expect((await rows()).signups).toHaveLength(3);
  });

  it('keeps counting a client that reaches the port directly by its own address, whatever it forwards', async () => {
    const app = await appWith({ limits: { ...DEFAULT_LIMITS, perIp: { limit: 2, windowSeconds: 60 } } });
    const direct = (email: string, forwardedFor: string) =>
      signUp(app, { name: 'A', email }, { 'x-forwarded-for': forwardedFor }, '203.0.113.5');
    expect((await direct('a1@example.com', '192.0.2.1')).status).toBe(200);
    expect((await direct('a2@example.com', '192.0.2.2')).status).toBe(200);
    expect((await direct('a3@example.com', '192.0.2.3')).status).toBe(429);
  });

  it('counts an IPv6 client by its /64: walking through its own addresses does not reset the limit', async () => {
    const app = await appWith({ limits: { ...DEFAULT_LIMITS, perIp: { limit: 2, windowSeconds: 60 } } });
    const from = (email: string, ip: string) => signUp(app, { name: 'A', email }, { 'x-forwarded-for': ip });
    expect((await from('a1@example.com', '2001:db8:1:2::1')).status).toBe(200);
    expect((await from('a2@example.com', '2001:db8:1:2:ffff::9')).status).toBe(200);
    expect((await from('a3@example.com', '2001:0DB8:0001:0002:abcd:0:0:7')).status).toBe(429);
    expect((await from('a4@example.com', '2001:db8:1:3::1')).status).toBe(200);
  });

  it('sends at most MAIL_REQUESTS_PER_HOUR e-mails an hour for sign-ups: the rest wait for the next hour, with one alert', async () => {
    const { lines, log } = recordingLog();
    const hashed = redactAddresses(log, addressHasher('a-log-hash-key-of-at-least-32-characters'));
    const app = await appWith({ limits: { ...DEFAULT_LIMITS, mailRequestsPerHour: 2 }, log: hashed });
    const from = (email: string, index: number) =>
      signUp(app, { name: 'A', email }, { 'x-forwarded-for': `192.0.2.${index}` });
    for (const [index, email] of [
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ].entries()) {
      const answer = await from(email, index);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
    const waits = () =>
      db.query<{ recipient: string; hours: number }>(
        `select recipient, extract(epoch from next_attempt_at - date_trunc('hour', created_at))::int / 3600 as hours
           from public.email_outbox order by id`,
      );
    // Every sign-up is recorded; two e-mails go now, the others in the hour after.
    expect((await rows()).signups).toHaveLength(4);
    expect(await waits()).toEqual([
      { recipient: 'a@example.com', hours: 0 },
      { recipient: 'b@example.com', hours: 0 },
      { recipient: 'c@example.com', hours: 1 },
      { recipient: 'd@example.com', hours: 1 },
    ]);
    await vi.waitFor(() =>
      expect(lines.filter((line) => line.event === 'mail.hourly_ceiling_reached')).toHaveLength(1),
    );
    const alert = JSON.stringify(lines.find((line) => line.event === 'mail.hourly_ceiling_reached'));
    expect(alert).toMatch(/addr_[0-9a-f]{16}/);
    expect(alert).not.toMatch(/@example\.com/);

    // An hour later, c and d have taken the new hour's room: e waits for the one after, and the log says so again.
    await db.query(
      "update public.mail_request_budget set hour = hour - interval '1 hour', alerted_hour = alerted_hour - interval '1 hour'",
    );
    expect((await from('e@example.com', 9)).status).toBe(200);
    expect((await waits()).at(-1)).toEqual({ recipient: 'e@example.com', hours: 1 });
    await vi.waitFor(() =>
      expect(lines.filter((line) => line.event === 'mail.hourly_ceiling_reached')).toHaveLength(2),
    );
  });

  it('limits each e-mail address per hour, whichever client asks, answering past it as for any address', async () => {
    const app = await appWith({
      limits: { ...DEFAULT_LIMITS, perAddress: { limit: 3, windowSeconds: 3600 } },
    });
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect(
        (await signUp(app, { name: 'A', email: 'a@example.com' }, { 'x-forwarded-for': ip })).status,
      ).toBe(200);
    }
    await db.query("update public.signups set last_email_queued_at = now() - interval '11 minutes'");
    const over = await signUp(app, { name: 'A', email: 'A@Example.com' }, { 'x-forwarded-for': '192.0.2.4' });
    // The same answer as for a new address: nothing tells the caller when this address last signed up.
    expect(over.status).toBe(200);
    expect(await over.json()).toEqual({ ok: true });
    expect(over.headers.get('retry-after')).toBeNull();
    const { signups, outbox } = await rows();
    expect(signups).toMatchObject([{ signup_count: 3 }]);
    expect(outbox).toHaveLength(1);
  });

  it('treats case variants of one address as one sign-up: one row (as first typed), one e-mail', async () => {
    const app = await appWith();
    for (const email of ['victim@example.com', 'Victim@example.com', 'VICTIM@EXAMPLE.COM']) {
      expect((await signUp(app, { name: 'Visit evil.example', email })).status).toBe(200);
    }
    const { signups, outbox } = await rows();
    expect(signups).toMatchObject([{ email: 'victim@example.com', signup_count: 3 }]);
    expect(outbox).toMatchObject([{ recipient: 'victim@example.com' }]);
  });

  it('counts the per-address limit in the database: a restarted or second server still queues nothing past it', async () => {
    const limits = { ...DEFAULT_LIMITS, perAddress: { limit: 3, windowSeconds: 3600 } };
    const first = await appWith({ limits });
    for (const email of ['ada@example.com', 'Ada@example.com', 'ADA@example.com']) {
      expect((await signUp(first, { name: 'Ada', email })).status).toBe(200);
    }
    // A new handler has no memory of the first one's sign-ups, as after a restart or on another server.
    const second = await appWith({ limits });
    await db.query("update public.signups set last_email_queued_at = now() - interval '11 minutes'");
    expect((await signUp(second, { name: 'Ada', email: 'ada@EXAMPLE.com' })).status).toBe(200);
    expect((await rows()).signups).toMatchObject([{ signup_count: 3 }]);
    expect((await rows()).outbox).toHaveLength(1);
    await db.query("update public.signups set recent_signup_times = array[now() - interval '61 minutes']");
    expect((await signUp(second, { name: 'Ada', email: 'ada@example.com' })).status).toBe(200);
    expect((await rows()).signups).toMatchObject([{ signup_count: 4 }]);
    expect((await rows()).outbox).toHaveLength(2);
  });

  it('leaves nothing behind and answers a generic 500 with a log line when the outbox insert fails', async () => {
    const { lines, log } = recordingLog();
    // A failure injected after the signups upsert, inside the same statement: the outbox insert raises.
    await db.exec(`
      create function public.fail_outbox_insert() returns trigger language plpgsql as $$
      begin raise exception 'disk full' using errcode = '53100'; end $$;
      create trigger fail_outbox_insert before insert on public.email_outbox
        for each row execute function public.fail_outbox_insert();`);
    try {
      const app = await appWith({ log });
      const response = await signUp(app, { name: 'Ada', email: 'ada@example.com' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      expect(await rows()).toEqual({ signups: [], outbox: [] });
      expect(lines).toContainEqual(
        expect.objectContaining({ event: 'signup.failed', message: 'disk full', code: '53100' }),
      );
    } finally {
      await db.exec(`
        drop trigger fail_outbox_insert on public.email_outbox;
        drop function public.fail_outbox_insert();`);
    }
  });

  it('answers the preflight for the site origin with the headers supabase-js sends, and refuses others', async () => {
    const app = await appWith();
    const allowed = await app.request('/functions/v1/send-email', {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE);
    const allowedHeaders = allowed.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['apikey', 'authorization', 'x-client-info', 'content-type', 'x-retry-count']) {
      expect(allowedHeaders).toContain(header);
    }
    const foreign = await app.request('/functions/v1/send-email', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers other methods with 405 and unknown functions with 404', async () => {
    const app = await appWith();
    const get = await app.request('/functions/v1/send-email');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const unknown = await app.request('/functions/v1/nope', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.any(String) });
  });

  it('keeps signups and email_outbox out of reach of the anon role', async () => {
    await signUp(await appWith(), { name: 'Ada', email: 'ada@example.com' });
    for (const table of ['signups', 'email_outbox']) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query('set local role anon');
          return tx.query(`select * from public.${table}`);
        }),
      ).rejects.toThrow(/permission denied/);
    }
    const rest = await (await appWith()).request('/rest/v1/signups?select=email');
    expect(rest.status).toBeGreaterThanOrEqual(400);
  });
});
