// The outbox against the Resend-shaped peer: batches, the shared rate, 429s and quotas that cost no attempt,
// permanent refusals, and retried batches that are never sent twice.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { startResendPeer } from '../../test/start-resend-peer.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import { deliverDue } from '../../../supabase/functions/_shared/outbox.ts';
import {
  claimDue,
  type DeliveryContext,
  withJitter,
} from '../../../supabase/functions/_shared/outbox-rows.ts';
import { createResendTransport } from '../../../supabase/functions/_shared/transports/resend-transport.ts';
import { embeddedSignInLinks } from './embedded-sign-in-links.ts';
import { createUnsubscribeLinks } from '../../../supabase/functions/_shared/unsubscribe.ts';

let db: Database;
let peer: Awaited<ReturnType<typeof startResendPeer>>;
const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());
beforeEach(() =>
  db.exec('truncate public.email_outbox, public.signups, public.mail_rate restart identity cascade'),
);
afterEach(() => peer.stop());

function context(
  overrides: {
    workerId?: string;
    fetch?: typeof fetch;
    ratePerSecond?: number;
    signInLinks?: DeliveryContext['signInLinks'];
  } = {},
): DeliveryContext {
  return {
    db,
    transport: createResendTransport({
      apiKey: 're_test_key',
      apiUrl: peer.url,
      ratePerSecond: overrides.ratePerSecond ?? 2,
      ...(overrides.fetch && { fetch: overrides.fetch }),
    }),
    log: quiet,
    mailFrom: 'Three Lenses <course@lenses.example>',
    signInLinks: overrides.signInLinks ?? embeddedSignInLinks(db, 'https://lenses.example'),
    unsubscribeLinks: createUnsubscribeLinks(db, {
      siteUrl: 'https://lenses.example',
      apiUrl: 'https://lenses.example',
    }),
    siteUrl: 'https://lenses.example',
    workerId: overrides.workerId ?? 'worker-a',
  };
}

/** `count` queued e-mails to person<n>@example.com, due now. */
async function queue(count: number) {
  await db.query(
    `with people as (
       insert into public.signups (email, name, consent_version, source)
       select 'person' || n || '@example.com', 'Person ' || n, 'test', 'test' from generate_series(1, $1::int) n
       returning id, email
     )
     insert into public.email_outbox (signup_id, recipient) select id, email from people order by id`,
    [count],
  );
}

const rows = () =>
  db.query<{
    recipient: string;
    status: string;
    attempts: number;
    last_error: string | null;
    batch_key: string | null;
  }>('select recipient, status, attempts, last_error, batch_key from public.email_outbox order by id');

const deliveredTo = () => peer.delivered.map((mail) => mail.to).sort();

describe(`batches and the shared rate against a Resend-shaped peer (${databaseKind})`, () => {
  it('sends the due e-mails as batches of up to 100 under a key derived from the rows, at 2 requests a second', async () => {
    peer = await startResendPeer();
    await queue(250);
    const started = Date.now();
    expect(await deliverDue(context())).toEqual({ sent: 250, retry: 0, dead: 0, rateLimited: 0 });
    expect(peer.requests.map((r) => [r.path, r.status, r.emails])).toEqual([
      ['/emails/batch', 200, 100],
      ['/emails/batch', 200, 100],
      ['/emails/batch', 200, 50],
    ]);
    // Three slots, each 1.5 × 1/2 s apart.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(peer.maxAcceptedInAnySecond()).toBeLessThanOrEqual(2);
    expect(new Set(deliveredTo()).size).toBe(250);
    const stored = await rows();
    expect(stored.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(new Set(stored.map((row) => row.batch_key)).size).toBe(3);
    expect(peer.requests[0]?.idempotencyKey).toMatch(/^course-access-batch\/[0-9a-f]{32}$/);
  });

  it('sends a lone due e-mail through POST /emails under its own key', async () => {
    peer = await startResendPeer();
    await queue(1);
    expect(await deliverDue(context())).toEqual({ sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    expect(peer.requests).toMatchObject([
      { path: '/emails', status: 200, idempotencyKey: 'course-access/1' },
    ]);
  });

  it('retries a batch whose answer was lost under the same key with fresh links; the provider says it took the first, and nobody gets two', async () => {
    peer = await startResendPeer();
    await queue(30);
    let calls = 0;
    const losingFirstAnswer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      calls += 1;
      if (calls === 1) throw new TypeError('connection reset before the answer arrived');
      return response;
    };
    expect(await deliverDue(context({ fetch: losingFirstAnswer }))).toEqual({
      sent: 0,
      retry: 30,
      dead: 0,
      rateLimited: 0,
    });
    // The whole batch waits for one jittered back-off together, then comes back as one batch.
    const waiting = await rows();
    expect(new Set(waiting.map((row) => row.batch_key)).size).toBe(1);
    await db.query("update public.email_outbox set next_attempt_at = now() where status = 'pending'");
    expect(await deliverDue(context({ fetch: losingFirstAnswer }))).toEqual({
      sent: 30,
      retry: 0,
      dead: 0,
      rateLimited: 0,
    });
    // Resend keeps a key once it has sent its request: the same key with other links is a 409, not a resend.
    expect(peer.requests.map((r) => r.status)).toEqual([200, 409]);
    expect(peer.requests[0]?.idempotencyKey).toBe(peer.requests[1]?.idempotencyKey);
    expect(peer.delivered).toHaveLength(30);
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 2)).toBe(true);
  });

  it('sends the rest of a batch when the link of one of its e-mails cannot be made; that one waits and goes alone', async () => {
    peer = await startResendPeer();
    await queue(5);
    const links = embeddedSignInLinks(db, 'https://lenses.example');
    const refusingOne: DeliveryContext['signInLinks'] = async (requests) =>
      (await links(requests)).map((link, index) =>
        requests[index]?.email === 'person3@example.com'
          ? { status: 'rejected', reason: new Error('the auth refused this address') }
          : link,
      );
    expect(await deliverDue(context({ signInLinks: refusingOne }))).toEqual({
      sent: 4,
      retry: 1,
      dead: 0,
      rateLimited: 0,
    });
    const waiting = (await rows()).find((row) => row.recipient === 'person3@example.com');
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      batch_key: null,
      last_error: 'Could not make the sign-in link: the auth refused this address',
    });
    await db.query("update public.email_outbox set next_attempt_at = now() where status = 'pending'");
    expect(await deliverDue(context())).toEqual({ sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    expect(
      peer.requests.map((r) => [r.path, r.emails, r.idempotencyKey?.startsWith('course-access-batch/')]),
    ).toEqual([
      ['/emails/batch', 4, true],
      ['/emails', 1, false],
    ]);
    expect(deliveredTo()).toHaveLength(5);
  });

  it('retries a whole batch, under its key, when no link can be made at all', async () => {
    peer = await startResendPeer();
    await queue(3);
    const down: DeliveryContext['signInLinks'] = () => Promise.reject(new Error('auth is down'));
    expect(await deliverDue(context({ signInLinks: down }))).toEqual({
      sent: 0,
      retry: 3,
      dead: 0,
      rateLimited: 0,
    });
    expect(peer.requests).toEqual([]);
    const waiting = await rows();
    expect(new Set(waiting.map((row) => row.batch_key)).size).toBe(1);
    expect(waiting.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
    await db.query("update public.email_outbox set next_attempt_at = now() where status = 'pending'");
    expect(await deliverDue(context())).toEqual({ sent: 3, retry: 0, dead: 0, rateLimited: 0 });
    expect(peer.requests.map((r) => [r.path, r.emails, r.idempotencyKey])).toEqual([
      ['/emails/batch', 3, waiting[0]?.batch_key],
    ]);
  });

  it('takes a kept batch whole, whichever plan the database picks for the claim', async () => {
    peer = await startResendPeer();
    await queue(3);
    await db.query("update public.email_outbox set batch_key = 'course-access-batch/kept', attempts = 1");
    const claimed = await db.transaction(async (tx) => {
      // The plan that split a batch: the pick of the batch rescanned inside a nested loop over the rows.
      await tx.exec('set local enable_indexscan = off; set local enable_bitmapscan = off');
      return claimDue({ ...context(), db: tx }, 100);
    });
    expect(claimed.map((row) => row.recipient).sort()).toEqual([
      'person1@example.com',
      'person2@example.com',
      'person3@example.com',
    ]);
  });

  it('marks an address the provider refuses (422) dead on the first answer, with the reason, and sends the rest', async () => {
    peer = await startResendPeer({ refuse: ['person3@example.com'] });
    await queue(5);
    expect(await deliverDue(context())).toEqual({ sent: 4, retry: 0, dead: 1, rateLimited: 0 });
    const refused = (await rows()).find((row) => row.recipient === 'person3@example.com');
    expect(refused).toMatchObject({ status: 'dead', attempts: 1 });
    expect(refused?.last_error).toMatch(/person3@example\.com cannot receive e-mail/);
    expect(deliveredTo()).toHaveLength(4);

    // Alone, it goes to POST /emails, and a 422 there ends it just the same.
    await db.exec('truncate public.email_outbox, public.signups restart identity cascade');
    await queue(3);
    await db.query(
      "update public.email_outbox set next_attempt_at = now() + interval '1 hour' where id <> 3",
    );
    expect(await deliverDue(context())).toEqual({ sent: 0, retry: 0, dead: 1, rateLimited: 0 });
    expect((await rows())[2]?.last_error).toMatch(/^Resend answered 422 validation_error: .*person3/);
  });

  it('waits out an exhausted quota without spending attempts, pauses every sender, and delivers after the reset', async () => {
    peer = await startResendPeer();
    peer.setQuota(0, 60_000);
    await queue(40);
    expect(await deliverDue(context())).toEqual({ sent: 0, retry: 0, dead: 0, rateLimited: 40 });
    expect((await rows()).every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
    const [pause] = await db.query<{ reason: string; seconds: number }>(
      `select not_before_reason as reason, extract(epoch from not_before - now())::float8 as seconds
         from public.mail_rate where provider = 'resend'`,
    );
    expect(pause?.reason).toMatch(/daily_quota_exceeded/);
    expect(pause?.seconds).toBeGreaterThan(50);
    // Another worker, another pass: nothing is sent (or even claimed) before the reset.
    expect(await deliverDue(context({ workerId: 'worker-b' }))).toEqual({
      sent: 0,
      retry: 0,
      dead: 0,
      rateLimited: 0,
    });
    expect(peer.requests).toHaveLength(1);
    // The quota comes back, and the pause it set ends (for the rate and the rows it held): now, rather than
    // after waiting out its minute.
    peer.setQuota(1000);
    await db.query(`update public.mail_rate set not_before = now() where provider = 'resend'`);
    await db.query(`update public.email_outbox set next_attempt_at = now() where status = 'pending'`);
    expect(await deliverDue(context({ workerId: 'worker-b' }))).toEqual({
      sent: 40,
      retry: 0,
      dead: 0,
      rateLimited: 0,
    });
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('shares the rate between workers through the database: two draining together still make 2 requests a second', async () => {
    peer = await startResendPeer();
    await queue(600);
    // Each worker passes again until every row is sent, as the server's worker does on its next polls: on a
    // busy machine a pass may end early (the other worker's slots keep it waiting longer than it waits), or a
    // request may fail and be retried later; the later moment is brought forward, as the test cannot wait it.
    const drain = async (workerId: string) => {
      let sent = 0;
      for (let pass = 0; pass < 30 && !(await rows()).every((row) => row.status === 'sent'); pass += 1) {
        sent += (await deliverDue(context({ workerId }))).sent;
        await db.query("update public.email_outbox set next_attempt_at = now() where status = 'pending'");
      }
      return { sent };
    };
    const [a, b] = await Promise.all([drain('worker-a'), drain('worker-b')]);
    expect(a.sent + b.sent).toBe(600);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(peer.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(peer.maxAcceptedInAnySecond()).toBeLessThanOrEqual(2);
    expect(new Set(deliveredTo()).size).toBe(600);
    expect(peer.delivered).toHaveLength(600);
  });

  it('spreads retry times by ±20%', () => {
    expect(withJitter(100, () => 0)).toBe(80);
    expect(withJitter(100, () => 0.5)).toBe(100);
    expect(withJitter(100, () => 1)).toBe(120);
  });
});
