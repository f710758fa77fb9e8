import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spendOneTimeToken, spendSignInCode } from '../auth/one-time-tokens.ts';
import type { Database } from '../db/database.ts';
import { readMime } from '../../test/mime.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import type { Log, LogLine } from '../../../supabase/functions/_shared/log.ts';
import { deliverDue } from '../../../supabase/functions/_shared/outbox.ts';
import {
  claimDue,
  type DeliveryContext,
  retryDelaySeconds,
} from '../../../supabase/functions/_shared/outbox-rows.ts';
import { DEFAULT_LIMITS } from '../../../supabase/functions/_shared/send-email-handler.ts';
import { queueSignInLinkEmail, type SignInLink } from '../../../supabase/functions/_shared/sign-in-link.ts';
import { recordSignup } from '../../../supabase/functions/_shared/signup-store.ts';
import type { MailTransport } from '../../../supabase/functions/_shared/transports/mail-transport.ts';
import { createResendTransport } from '../../../supabase/functions/_shared/transports/resend-transport.ts';
import { embeddedSignInLinks } from './embedded-sign-in-links.ts';
import { createUnsubscribeLinks } from '../../../supabase/functions/_shared/unsubscribe.ts';
import { createSmtpTransport } from './transports/smtp-transport.ts';

let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let transport: MailTransport;
let lines: LogLine[];
const log: Log = { info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) };

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.stop();
  await db.close();
});
beforeEach(async () => {
  await db.exec('truncate public.email_outbox, public.signups, public.mail_rate restart identity cascade');
  smtp.received.length = 0;
  smtp.setRefusing(false);
  lines = [];
  transport = createSmtpTransport(smtp.url, Number.POSITIVE_INFINITY);
});
afterEach(() => transport.close?.());

function context(overrides: Partial<DeliveryContext> = {}): DeliveryContext {
  return {
    db,
    transport,
    log,
    mailFrom: 'Three Lenses <course@lenses.example>',
    signInLinks: embeddedSignInLinks(db, 'https://lenses.example'),
    unsubscribeLinks: createUnsubscribeLinks(db, {
      siteUrl: 'https://lenses.example',
      apiUrl: 'https://api.lenses.example',
    }),
    siteUrl: 'https://lenses.example',
    workerId: 'worker-a',
    ...overrides,
  };
}

async function queue(name: string, email: string): Promise<string> {
  const result = await recordSignup(
    db,
    { name, email },
    { source: 'test', perAddress: DEFAULT_LIMITS.perAddress },
  );
  if (!result.recorded || !result.outboxId) throw new Error('expected a queued e-mail');
  return result.outboxId;
}

const outboxRow = async (id: string) => {
  const [row] = await db.query<{
    status: string;
    attempts: number;
    last_error: string | null;
    provider_id: string | null;
    delay: number;
  }>(
    `select status, attempts, last_error, provider_id,
            round(extract(epoch from next_attempt_at - now()))::int as delay
       from public.email_outbox where id = $1`,
    [id],
  );
  return row;
};
/** The contract's link: SITE_URL/course with a one-time token of the embedded auth. */
const SIGN_IN_LINK = /https:\/\/lenses\.example\/course\?token_hash=([0-9a-f]{64})&type=magiclink/;

function tokenIn(text: string | undefined): string {
  const token = SIGN_IN_LINK.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no sign-in link in: ${text}`);
  return token;
}

const makeDue = () =>
  db.query("update public.email_outbox set next_attempt_at = now() where status = 'pending'");

describe(`delivery over SMTP to a real peer on loopback (${databaseKind})`, () => {
  it('delivers the course e-mail with a text and an HTML part and the right headers, then marks it sent', async () => {
    const id = await queue('Zoë <b>O’Brien</b>', 'zoe@example.com');
    expect(await deliverDue(context())).toEqual({ sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('course@lenses.example');
    expect(mail?.to).toEqual(['zoe@example.com']);
    const { headers, parts } = readMime(mail?.raw ?? '');
    expect(headers.get('from')).toBe('Three Lenses <course@lenses.example>');
    expect(headers.get('to')).toBe('zoe@example.com');
    expect(headers.get('subject')).toBe('Your free Three Lenses course is ready to watch');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(headers.get('x-entity-ref-id')).toBe(`course-access/${id}`);
    // The greeting takes the name's first plain word, so no visitor markup reaches the e-mail.
    expect(parts.get('text/plain')).toContain('Hi Zoë,');
    expect(parts.get('text/plain')).not.toContain('<b>');
    expect(parts.get('text/plain')).toMatch(new RegExp(`Watch the course: ${SIGN_IN_LINK.source}`));
    expect(parts.get('text/html')).toContain('Hi Zoë,');
    expect(parts.get('text/html')).not.toMatch(/&lt;b&gt;|<b>/);
    expect(parts.get('text/html')).toMatch(
      /href="https:\/\/lenses\.example\/course\?token_hash=[0-9a-f]{64}&amp;type=magiclink"[^>]*>Watch the course</,
    );
    // The link signs this address in, once.
    const token = tokenIn(parts.get('text/plain'));
    const [user] = await db.query<{ id: string }>(
      "select id::text as id from auth.users where lower(email) = 'zoe@example.com'",
    );
    expect(await spendOneTimeToken(db, token, 'magiclink')).toBe(user?.id);
    expect(await spendOneTimeToken(db, token, 'magiclink')).toBeUndefined();
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row?.provider_id).toBe(headers.get('message-id'));
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'mail.sent', outbox_id: id, provider: 'smtp' }),
    );
  });

  it('retries after the peer refuses, with back-off, and delivers once it accepts again', async () => {
    const id = await queue('Ada', 'ada@example.com');
    smtp.setRefusing(true);
    expect(await deliverDue(context())).toEqual({ sent: 0, retry: 1, dead: 0, rateLimited: 0 });
    const waiting = await outboxRow(id);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/451/),
    });
    // 30 s with ±20% jitter.
    expect(waiting?.delay).toBeGreaterThanOrEqual(23);
    expect(waiting?.delay).toBeLessThanOrEqual(36);
    expect(await deliverDue(context())).toEqual({ sent: 0, retry: 0, dead: 0, rateLimited: 0 }); // not due yet
    smtp.setRefusing(false);
    await makeDue();
    expect(await deliverDue(context())).toEqual({ sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([['ada@example.com']]);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('makes the link and code when it sends, so each attempt carries fresh ones and the row stores neither', async () => {
    const id = await queue('Ada', 'ada@example.com');
    const made: SignInLink[] = [];
    const links = embeddedSignInLinks(db, 'https://lenses.example');
    const recording = context({
      signInLinks: async (emails) => {
        const results = await links(emails);
        for (const result of results) if (result.status === 'fulfilled') made.push(result.value);
        return results;
      },
    });
    smtp.setRefusing(true);
    await deliverDue(recording);
    smtp.setRefusing(false);
    await makeDue();
    await deliverDue(recording);
    expect(made).toHaveLength(2);
    expect(made[0]?.url).not.toBe(made[1]?.url);
    const { parts } = readMime(smtp.received[0]?.raw ?? '');
    const text = parts.get('text/plain');
    expect(tokenIn(text)).toBe(tokenIn(made[1]?.url));
    expect(text).toMatch(new RegExp(`Or sign in on any device with this code: ${made[1]?.code}\\s`));
    expect(parts.get('text/html')).toMatch(new RegExp(`monospace[^>]*>${made[1]?.code}</span>`));
    const [row] = await db.query<Record<string, unknown>>('select * from public.email_outbox where id = $1', [
      id,
    ]);
    expect(JSON.stringify(row)).not.toContain(tokenIn(made[1]?.url));
    expect(JSON.stringify(row)).not.toContain(`${made[1]?.code}`);
    // The first attempt's link and code were voided by the second's; the e-mail's code and link sign in once each.
    expect(await spendOneTimeToken(db, tokenIn(made[0]?.url), 'magiclink')).toBeUndefined();
    const spendCode = (code: string) => db.transaction((tx) => spendSignInCode(tx, 'ada@example.com', code));
    expect(await spendCode(made[1]?.code ?? '')).toBeDefined();
    expect(await spendCode(made[1]?.code ?? '')).toBeUndefined();
    expect(await spendOneTimeToken(db, tokenIn(text), 'magiclink')).toBeDefined();
  });

  it('counts a link that cannot be made as a failed attempt, retried with back-off, then sends', async () => {
    const id = await queue('Ada', 'ada@example.com');
    const broken = context({
      signInLinks: () => Promise.reject(new Error('auth is down')),
    });
    expect(await deliverDue(broken)).toEqual({ sent: 0, retry: 1, dead: 0, rateLimited: 0 });
    const waiting = await outboxRow(id);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Could not make the sign-in link: auth is down',
    });
    expect(waiting?.delay).toBeGreaterThanOrEqual(23);
    expect(smtp.received).toHaveLength(0);
    await makeDue();
    expect(await deliverDue(context())).toEqual({ sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends a requested sign-in link with its own template and key, to the address as signed up', async () => {
    await queue('Grace Hopper', 'Grace@Example.com');
    await deliverDue(context());
    smtp.received.length = 0;
    const { outboxId: id } = await queueSignInLinkEmail(db, 'grace@example.com');
    expect(id).toBeDefined();
    expect(await deliverDue(context())).toEqual({ sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    const { headers, parts } = readMime(smtp.received[0]?.raw ?? '');
    expect(headers.get('to')).toBe('Grace@example.com');
    expect(headers.get('subject')).toBe('Your sign-in link for Three Lenses');
    expect(headers.get('x-entity-ref-id')).toBe(`sign-in-link/${id}`);
    expect(parts.get('text/plain')).toMatch(/^Hi Grace,/);
    expect(await spendOneTimeToken(db, tokenIn(parts.get('text/plain')), 'magiclink')).toBeDefined();
  });

  it('retries while the peer is down and delivers exactly once when it is back', async () => {
    const id = await queue('Ada', 'ada@example.com');
    await smtp.stop();
    try {
      expect(await deliverDue(context())).toEqual({ sent: 0, retry: 1, dead: 0, rateLimited: 0 });
      expect((await outboxRow(id))?.last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await smtp.start();
    }
    await makeDue();
    expect(await deliverDue(context())).toEqual({ sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('marks a message dead after 8 failed attempts, with a log line, and never drops it silently', async () => {
    const id = await queue('Ada', 'ada@example.com');
    smtp.setRefusing(true);
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await makeDue();
      await deliverDue(context());
    }
    expect(await outboxRow(id)).toMatchObject({ status: 'dead', attempts: 8 });
    expect(lines.filter((l) => l.event === 'mail.retry')).toHaveLength(7);
    expect(lines).toContainEqual(expect.objectContaining({ event: 'mail.dead', outbox_id: id, attempt: 8 }));
    await makeDue();
    expect(await deliverDue(context())).toEqual({ sent: 0, retry: 0, dead: 0, rateLimited: 0 });
  });

  it('ends a message at once when the server refuses the recipient for good (550), with its reason', async () => {
    const refusing = await startSmtpPeer({ unknownRecipients: ['nobody@example.com'] });
    const strict = createSmtpTransport(refusing.url, Number.POSITIVE_INFINITY);
    try {
      const id = await queue('Nobody', 'nobody@example.com');
      expect(await deliverDue(context({ transport: strict }))).toEqual({
        sent: 0,
        retry: 0,
        dead: 1,
        rateLimited: 0,
      });
      expect(await outboxRow(id)).toMatchObject({
        status: 'dead',
        attempts: 1,
        last_error: expect.stringMatching(/550 No such user here/),
      });
    } finally {
      await strict.close?.();
      await refusing.stop();
    }
  });

  it('backs off 30 s, doubling, capped at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds(n))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600,
    ]);
  });

  it('gives a row stuck in "sending" to another worker once its lease expires, and only then', async () => {
    const id = await queue('Ada', 'ada@example.com');
    const crashed = context({ workerId: 'crashed' });
    expect(await claimDue(crashed, 10)).toHaveLength(1); // claimed, then the worker "dies"
    expect(await deliverDue(context({ workerId: 'worker-b' }))).toEqual({
      sent: 0,
      retry: 0,
      dead: 0,
      rateLimited: 0,
    });
    await db.query("update public.email_outbox set locked_until = now() - interval '1 second'");
    expect(await deliverDue(context({ workerId: 'worker-b' }))).toEqual({
      sent: 1,
      retry: 0,
      dead: 0,
      rateLimited: 0,
    });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe(`delivery through a Resend-shaped HTTP API on loopback (${databaseKind})`, () => {
  it('sends the Idempotency-Key course-access/<id> on every try and waits out a 429 without spending an attempt', async () => {
    const requests: Array<{ headers: IncomingHttpHeaders; body: unknown; url: string | undefined }> = [];
    const answers = [
      { status: 429, headers: { 'retry-after': '120' }, body: { name: 'rate_limit_exceeded' } },
      { status: 200, headers: {}, body: { id: 're_4f9a' } },
    ];
    const peer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ headers: request.headers, body: JSON.parse(body), url: request.url });
        const answer = answers.shift() ?? { status: 500, headers: {}, body: {} };
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    try {
      const resend = createResendTransport({
        apiKey: 're_test_key',
        apiUrl: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`,
        ratePerSecond: 2,
      });
      const id = await queue('Ada', 'ada@example.com');
      expect(await deliverDue(context({ transport: resend }))).toEqual({
        sent: 0,
        retry: 0,
        dead: 0,
        rateLimited: 1,
      });
      expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
      expect((await outboxRow(id))?.delay).toBeGreaterThanOrEqual(119);
      // Every sender waits for the provider, not only this row.
      await db.query(
        "insert into public.signups (email, name, consent_version, source) values ('bo@example.com', 'Bo', 'test', 'test')",
      );
      await db.query(
        "insert into public.email_outbox (signup_id, recipient) select id, email from public.signups where email = 'bo@example.com'",
      );
      expect(await deliverDue(context({ transport: resend }))).toEqual({
        sent: 0,
        retry: 0,
        dead: 0,
        rateLimited: 0,
      });
      expect(requests).toHaveLength(1);
      await db.query("delete from public.email_outbox where recipient = 'bo@example.com'");
      await makeDue();
      await db.query('update public.mail_rate set not_before = now()');
      expect(await deliverDue(context({ transport: resend }))).toEqual({
        sent: 1,
        retry: 0,
        dead: 0,
        rateLimited: 0,
      });
      expect(requests).toHaveLength(2);
      for (const request of requests) {
        expect(request.url).toBe('/emails');
        expect(request.headers['idempotency-key']).toBe(`course-access/${id}`);
        expect(request.headers.authorization).toBe('Bearer re_test_key');
        expect(request.body).toMatchObject({
          from: 'Three Lenses <course@lenses.example>',
          to: ['ada@example.com'],
          subject: 'Your free Three Lenses course is ready to watch',
          text: expect.stringContaining('Hi Ada,'),
          html: expect.stringContaining('Watch the course'),
        });
      }
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', provider_id: 're_4f9a', attempts: 1 });
    } finally {
      await new Promise((resolve) => peer.close(resolve));
    }
  });
});
