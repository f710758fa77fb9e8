import { describe, expect, it, vi } from 'vitest';
import { databaseKind } from '../../../test/test-database.ts';
import { addressHasher, redactAddresses } from '../../../../supabase/functions/_shared/log.ts';
import { DEFAULT_LIMITS } from '../../../../supabase/functions/_shared/send-email-handler.ts';
import { appWith, db, openSignupDatabase, recordingLog, rows, signUp } from './send-email-test-kit.ts';

openSignupDatabase();

describe(`POST /functions/v1/send-email: its limits (${databaseKind})`, () => {
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

  it('sends sign-ups at most their share of MAIL_REQUESTS_PER_HOUR (four fifths): the rest wait for the next hour, with one alert', async () => {
    const { lines, log } = recordingLog();
    const hashed = redactAddresses(log, addressHasher('a-log-hash-key-of-at-least-32-characters'));
    // A ceiling of 3: two course e-mails an hour for sign-ups, one kept for sign-in e-mails.
    const app = await appWith({ limits: { ...DEFAULT_LIMITS, mailRequestsPerHour: 3 }, log: hashed });
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

  it('limits each IPv4 address and each IPv6 /48 per day: a caller cannot mail strangers by the hundred', async () => {
    const app = await appWith({ limits: { ...DEFAULT_LIMITS, perNetworkPerDay: 2 } });
    const from = (email: string, ip: string) => signUp(app, { name: 'A', email }, { 'x-forwarded-for': ip });
    expect((await from('a1@example.com', '192.0.2.1')).status).toBe(200);
    expect((await from('a2@example.com', '192.0.2.1')).status).toBe(200);
    const refused = await from('a3@example.com', '192.0.2.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await refused.json()).toEqual({
      error: 'Too many sign-up attempts. Please wait a moment and try again.',
    });
    // Three /64s of one /48 are one caller; another /48 is another.
    expect((await from('b1@example.com', '2001:db8:1:1::1')).status).toBe(200);
    expect((await from('b2@example.com', '2001:db8:1:2::1')).status).toBe(200);
    expect((await from('b3@example.com', '2001:db8:1:3::1')).status).toBe(429);
    expect((await from('c1@example.com', '2001:db8:2:1::1')).status).toBe(200);
    expect((await rows()).signups.map((row) => row.email).sort()).toEqual([
      'a1@example.com',
      'a2@example.com',
      'b1@example.com',
      'b2@example.com',
      'c1@example.com',
    ]);
  });

  it('sends one address at most 3 course e-mails a day, however often it signs up', async () => {
    const app = await appWith({
      limits: { ...DEFAULT_LIMITS, perAddress: { limit: 100, windowSeconds: 3600 } },
    });
    const later = () =>
      db.query(
        "update public.signups set last_email_queued_at = last_email_queued_at - interval '11 minutes'",
      );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signUp(app, { name: 'A', email: 'a@example.com' })).status).toBe(200);
      await later();
    }
    expect((await rows()).signups).toMatchObject([{ signup_count: 5 }]);
    expect((await rows()).outbox).toHaveLength(3);
    // A day after the first of them, there is room for one more.
    await db.query(
      `update public.signups
          set course_emails_queued_at = array[now() - interval '25 hours'] || course_emails_queued_at[2:]`,
    );
    expect((await signUp(app, { name: 'A', email: 'a@example.com' })).status).toBe(200);
    expect((await rows()).outbox).toHaveLength(4);
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
});
