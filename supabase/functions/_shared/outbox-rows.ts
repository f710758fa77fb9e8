/**
 * The outbox's rows: the delivery settings, claiming due rows for one worker (a batch's rows together), and
 * recording how each came out: sent, retried after a jittered back-off, put back for a rate limit, or dead.
 */
import type { Log } from './log.ts';
import { pauseSending } from './mail-rate.ts';
import type { SignInLinkMaker } from './sign-in-link.ts';
import type { Sql } from './sql-port.ts';
import { DeliveryError, type MailTransport } from './transports/mail-transport.ts';
import type { UnsubscribeLinkMaker } from './unsubscribe.ts';

export const DELIVERY_DEFAULTS = {
  /** First retry 30 s after a failure, doubling each time, never more than an hour apart. */
  firstRetrySeconds: 30,
  maxRetrySeconds: 3600,
  /** The 8th failed attempt marks the row dead. */
  maxAttempts: 8,
  /** A claimed row is the worker's for this long; after a crash it becomes claimable again. */
  leaseSeconds: 300,
  /** Rows a pass claims where each message is its own request; never more than a second's worth of the rate. */
  batchSize: 20,
  /** How long a pass waits for a send slot before it leaves the rows to the next pass (poll, pg_cron). */
  maxSlotWaitSeconds: 2,
};

export type DeliverySettings = typeof DELIVERY_DEFAULTS;

export interface DeliveryContext {
  db: Sql;
  transport: MailTransport;
  log: Log;
  mailFrom: string;
  /** Makes the e-mails' one-time links to SITE_URL/course and their codes when they are sent; no outbox row stores one. */
  signInLinks: SignInLinkMaker;
  /** Makes a reminder's or an announcement's unsubscribe links (its footer's page, its List-Unsubscribe endpoint). */
  unsubscribeLinks: UnsubscribeLinkMaker;
  /** The site's address, named in the e-mail's footer. */
  siteUrl: string;
  /** Names this worker in `locked_by`, so only the lease holder can finish a row. */
  workerId: string;
  settings?: Partial<DeliverySettings>;
}

export interface ClaimedRow {
  id: string;
  signup_id: string;
  /**
   * Which e-mail: 'course-access' (owed to a sign-up), 'sign-in-link' ("Send me a new link"), 'reminder'
   * (a learner who asked for one paused for a week) or 'announcement' (the owner's, to learners who asked).
   */
  kind: string;
  recipient: string;
  name: string;
  /** The recipient is one of the course's owners (public.owners): their sign-in e-mail opens the studio. */
  to_owner: boolean;
  attempts: number;
  idempotency_key: string;
  batch_key: string | null;
}

/** Seconds to wait after the n-th failed attempt: 30, 60, 120, … capped at an hour (before jitter). */
export function retryDelaySeconds(attempts: number, settings: DeliverySettings = DELIVERY_DEFAULTS): number {
  return Math.min(settings.firstRetrySeconds * 2 ** Math.max(0, attempts - 1), settings.maxRetrySeconds);
}

/** A delay spread over ±20%, so rows that failed together do not all come due, and collide, together again. */
export function withJitter(seconds: number, random: () => number = Math.random): number {
  return Math.round(seconds * (0.8 + 0.4 * random()));
}

const DUE = `((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now()))`;
const TAKE = `status = 'sending', attempts = o.attempts + 1, locked_by = $1,
       locked_until = now() + make_interval(secs => $2)`;
const CLAIMED = `o.id::text as id, o.signup_id::text as signup_id, o.kind, o.recipient, s.name, o.attempts,
  o.idempotency_key, o.batch_key, exists (select 1 from public.owners w where w.email = lower(o.recipient)) as to_owner`;

/*
 * The rows to take are picked in a materialized CTE: as a subquery the planner may rescan it once per row being
 * updated, and a rescan's FOR UPDATE skips the rows this very statement has just updated, so a batch would be
 * taken one row at a time.
 */

/** Any due rows, for transports that send each message on its own. */
const CLAIM = `
with due as materialized (
  select id from public.email_outbox
   where ${DUE}
   order by next_attempt_at, id
   limit $3
   for update skip locked
)
update public.email_outbox o
   set ${TAKE}
  from due, public.signups s
 where o.id = due.id and s.id = o.signup_id
returning ${CLAIMED}`;

/**
 * A batch that was sent before and is due again, whole: the same rows make the same request under the same
 * key. Only a batch's first row is locked to pick it, so two workers never hold parts of one batch and wait
 * on each other; the row states are checked again on the update, so a batch taken meanwhile is skipped.
 */
const CLAIM_KEPT_BATCH = `
with kept as materialized (
  select batch_key from public.email_outbox b
   where batch_key is not null and ${DUE}
     and id = (select min(id) from public.email_outbox m
                where m.batch_key = b.batch_key and m.status in ('pending', 'sending'))
   order by next_attempt_at, id
   limit 1
   for update skip locked
)
update public.email_outbox o
   set ${TAKE}
  from kept, public.signups s
 where o.batch_key = kept.batch_key and s.id = o.signup_id
   and ((o.status = 'pending' and o.next_attempt_at <= now()) or (o.status = 'sending' and o.locked_until < now()))
returning ${CLAIMED}`;

/**
 * Rows never sent in a batch, made into one: its key is derived from the rows' own keys (a lone row keeps its
 * own), and it stays with them until they are sent or dead.
 */
const CLAIM_NEW_BATCH = `
with due as materialized (
  select id, idempotency_key from public.email_outbox
   where batch_key is null and ${DUE}
   order by next_attempt_at, id
   limit $3
   for update skip locked
), batch as (
  select case when count(*) = 1 then min(idempotency_key)
              else 'course-access-batch/' || md5(string_agg(idempotency_key, ',' order by id)) end as key
    from due
)
update public.email_outbox o
   set ${TAKE}, batch_key = batch.key
  from due, batch, public.signups s
 where o.id = due.id and s.id = o.signup_id
returning ${CLAIMED}`;

export const batches = (transport: MailTransport) =>
  transport.maxBatchSize > 1 && transport.sendBatch !== undefined;

/** Claims up to `limit` due rows (and rows whose lease expired) for this worker, atomically. */
export async function claimDue(context: DeliveryContext, limit: number): Promise<ClaimedRow[]> {
  const settings = { ...DELIVERY_DEFAULTS, ...context.settings };
  const params = [context.workerId, settings.leaseSeconds, limit];
  if (!batches(context.transport)) return context.db.query<ClaimedRow>(CLAIM, params);
  const kept = await context.db.query<ClaimedRow>(CLAIM_KEPT_BATCH, params.slice(0, 2));
  if (kept.length > 0) return kept;
  return context.db.query<ClaimedRow>(CLAIM_NEW_BATCH, params);
}

/** How a claimed group of rows came out; each count is a number of e-mails. */
export interface DeliveryReport {
  sent: number;
  retry: number;
  dead: number;
  /** Put back without spending an attempt because the provider asked to wait (429, quota). */
  rateLimited: number;
}

export const ids = (rows: readonly ClaimedRow[]) => rows.map((row) => row.id);

/** `providerIds` null: the provider took these e-mails in an earlier request whose answer was lost. */
export async function recordSent(
  context: DeliveryContext,
  rows: readonly ClaimedRow[],
  providerIds: readonly (string | null)[],
) {
  await context.db.query(
    `update public.email_outbox o
        set status = 'sent', sent_at = now(), provider = $3, provider_id = r.provider_id, last_error = null,
            locked_until = null
       from unnest($1::bigint[], $4::text[]) as r(id, provider_id)
      where o.id = r.id and o.locked_by = $2 and o.status = 'sending'`,
    [ids(rows), context.workerId, context.transport.name, providerIds],
  );
  for (const row of rows) {
    context.log.info({
      event: 'mail.sent',
      to: row.recipient,
      outbox_id: row.id,
      provider: context.transport.name,
      attempt: row.attempts,
      ...(providerIds.every((id) => id === null) && { sent_by_earlier_request: true }),
    });
  }
}

export async function recordDead(context: DeliveryContext, rows: readonly ClaimedRow[], reason: string) {
  await context.db.query(
    `update public.email_outbox
        set status = 'dead', last_error = $3, locked_until = null, provider = $4
      where id = any($1::bigint[]) and locked_by = $2 and status = 'sending'`,
    [ids(rows), context.workerId, reason.slice(0, 1000), context.transport.name],
  );
  for (const row of rows) {
    context.log.error({
      event: 'mail.dead',
      outbox_id: row.id,
      provider: context.transport.name,
      attempt: row.attempts,
      error: reason,
    });
  }
}

/**
 * A failed request, for every row it carried: a rate limit puts them back for the provider's retry-after
 * without spending the attempt and pauses every sender; a permanent refusal ends them; anything else is
 * retried after a jittered back-off, and the attempt that reaches the limit ends them.
 */
export async function recordFailure(
  context: DeliveryContext,
  rows: readonly ClaimedRow[],
  error: unknown,
  settings: DeliverySettings,
  report: DeliveryReport,
) {
  const message = error instanceof Error ? error.message : String(error);
  const failure = error instanceof DeliveryError ? error.failure : 'transient';
  const hint = error instanceof DeliveryError ? error.retryAfterSeconds : undefined;
  const provider = context.transport.name;
  if (failure === 'sent-before') {
    await recordSent(
      context,
      rows,
      rows.map(() => null),
    );
    report.sent += rows.length;
    return;
  }
  if (failure === 'rate-limited') {
    const wait = Math.max(1, hint ?? 1);
    await pauseSending(context.db, provider, wait, message.slice(0, 300));
    await context.db.query(
      `update public.email_outbox
          set status = 'pending', attempts = attempts - 1, locked_until = null, last_error = $3,
              next_attempt_at = now() + make_interval(secs => $4)
        where id = any($1::bigint[]) and locked_by = $2 and status = 'sending'`,
      [ids(rows), context.workerId, message.slice(0, 1000), wait],
    );
    context.log.warn({
      event: 'mail.rate_limited',
      provider,
      emails: rows.length,
      retry_in_seconds: wait,
      error: message,
    });
    report.rateLimited += rows.length;
    return;
  }
  // A batch fails and retries as a whole, so its rows share one attempt count.
  const attempts = Math.max(...rows.map((row) => row.attempts));
  if (failure === 'permanent' || attempts >= settings.maxAttempts) {
    await recordDead(context, rows, message);
    report.dead += rows.length;
    return;
  }
  const delay = Math.max(withJitter(retryDelaySeconds(attempts, settings)), hint ?? 0);
  await context.db.query(
    `update public.email_outbox
        set status = 'pending', last_error = $3, locked_until = null, provider = $4,
            next_attempt_at = now() + make_interval(secs => $5)
      where id = any($1::bigint[]) and locked_by = $2 and status = 'sending'`,
    [ids(rows), context.workerId, message.slice(0, 1000), provider, delay],
  );
  for (const row of rows) {
    context.log.warn({
      event: 'mail.retry',
      outbox_id: row.id,
      provider,
      attempt: row.attempts,
      error: message,
      retry_in_seconds: delay,
    });
  }
  report.retry += rows.length;
}

/**
 * Drops claimed reminders and announcements no longer wanted (withdrawn, unsubscribed, finished): they are not
 * sent, nor counted.
 */
export async function dropUnwanted(context: DeliveryContext, rows: readonly ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await context.db.query(
    `delete from public.email_outbox
      where id = any($1::bigint[]) and kind in ('reminder', 'announcement') and locked_by = $2
        and status = 'sending'`,
    [ids(rows), context.workerId],
  );
  for (const row of rows) context.log.info({ event: 'mail.dropped', kind: row.kind, outbox_id: row.id });
}

export function leaveBatch(context: DeliveryContext, rowIds: string[]): Promise<unknown> {
  return context.db.query(
    `update public.email_outbox set batch_key = null
      where id = any($1::bigint[]) and locked_by = $2 and status = 'sending'`,
    [rowIds, context.workerId],
  );
}

export function releaseClaims(context: DeliveryContext, rowIds: string[]): Promise<unknown> {
  return context.db.query(
    `update public.email_outbox
        set status = 'pending', attempts = attempts - 1, locked_until = null
      where id = any($1::bigint[]) and locked_by = $2 and status = 'sending'`,
    [rowIds, context.workerId],
  );
}
