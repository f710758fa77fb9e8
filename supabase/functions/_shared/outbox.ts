/** The e-mail outbox: claim due rows, send them, record the outcome, retry with back-off, then give up loudly. */
import { renderCourseEmail } from './course-email.ts';
import type { Log } from './log.ts';
import type { Sql } from './sql-port.ts';
import type { MailTransport } from './transports/mail-transport.ts';

const DELIVERY_DEFAULTS = {
  /** First retry 30 s after a failure, doubling each time, never more than an hour apart. */
  firstRetrySeconds: 30,
  maxRetrySeconds: 3600,
  /** The 8th failed attempt marks the row dead. */
  maxAttempts: 8,
  /** A claimed row is the worker's for this long; after a crash it becomes claimable again. */
  leaseSeconds: 300,
  batchSize: 20,
};

export type DeliverySettings = typeof DELIVERY_DEFAULTS;

export interface DeliveryContext {
  db: Sql;
  transport: MailTransport;
  log: Log;
  mailFrom: string;
  courseUrl: string;
  siteUrl: string;
  /** Names this worker in `locked_by`, so only the lease holder can finish a row. */
  workerId: string;
  settings?: Partial<DeliverySettings>;
}

interface ClaimedRow {
  id: string;
  recipient: string;
  name: string;
  attempts: number;
  idempotency_key: string;
}

/** Seconds to wait after the n-th failed attempt: 30, 60, 120, … capped at an hour. */
export function retryDelaySeconds(attempts: number, settings: DeliverySettings = DELIVERY_DEFAULTS): number {
  return Math.min(settings.firstRetrySeconds * 2 ** Math.max(0, attempts - 1), settings.maxRetrySeconds);
}

const CLAIM = `
update public.email_outbox o
   set status = 'sending', attempts = o.attempts + 1, locked_by = $1,
       locked_until = now() + make_interval(secs => $2)
  from (
    select id from public.email_outbox
     where (status = 'pending' and next_attempt_at <= now())
        or (status = 'sending' and locked_until < now())
     order by next_attempt_at, id
     limit $3
     for update skip locked
  ) due, public.signups s
 where o.id = due.id and s.id = o.signup_id
returning o.id::text as id, o.recipient, s.name, o.attempts, o.idempotency_key`;

/** Claims up to `limit` due rows (and rows whose lease expired) for this worker, atomically. */
export function claimDue(context: DeliveryContext, limit: number): Promise<ClaimedRow[]> {
  const settings = { ...DELIVERY_DEFAULTS, ...context.settings };
  return context.db.query<ClaimedRow>(CLAIM, [context.workerId, settings.leaseSeconds, limit]);
}

async function deliverOne(context: DeliveryContext, row: ClaimedRow, settings: DeliverySettings) {
  const email = renderCourseEmail({ name: row.name, courseUrl: context.courseUrl, siteUrl: context.siteUrl });
  try {
    const { providerId } = await context.transport.send({
      from: context.mailFrom,
      to: row.recipient,
      ...email,
      idempotencyKey: row.idempotency_key,
    });
    await context.db.query(
      `update public.email_outbox
          set status = 'sent', sent_at = now(), provider = $3, provider_id = $4, last_error = null,
              locked_until = null
        where id = $1 and locked_by = $2 and status = 'sending'`,
      [row.id, context.workerId, context.transport.name, providerId],
    );
    context.log.info({
      event: 'mail.sent',
      to: row.recipient,
      outbox_id: row.id,
      provider: context.transport.name,
      attempt: row.attempts,
    });
    return 'sent' as const;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint =
      typeof error === 'object' && error !== null && 'retryAfterSeconds' in error
        ? error.retryAfterSeconds
        : undefined;
    const dead = row.attempts >= settings.maxAttempts;
    const delay = Math.max(retryDelaySeconds(row.attempts, settings), typeof hint === 'number' ? hint : 0);
    await context.db.query(
      `update public.email_outbox
          set status = $3, last_error = $4, locked_until = null, provider = $5,
              next_attempt_at = now() + make_interval(secs => $6)
        where id = $1 and locked_by = $2 and status = 'sending'`,
      [
        row.id,
        context.workerId,
        dead ? 'dead' : 'pending',
        message.slice(0, 1000),
        context.transport.name,
        delay,
      ],
    );
    const line = {
      event: dead ? 'mail.dead' : 'mail.retry',
      outbox_id: row.id,
      provider: context.transport.name,
      attempt: row.attempts,
      error: message,
      ...(dead ? {} : { retry_in_seconds: delay }),
    };
    if (dead) context.log.error(line);
    else context.log.warn(line);
    return dead ? ('dead' as const) : ('retry' as const);
  }
}

export interface DeliveryReport {
  sent: number;
  retry: number;
  dead: number;
}

/**
 * Claims and sends due rows batch by batch until none is due, or until `shouldStop()` says so between sends.
 * Each send finishes (and is recorded) before the next starts, so stopping never leaves a half-recorded row.
 */
export async function deliverDue(
  context: DeliveryContext,
  shouldStop: () => boolean = () => false,
): Promise<DeliveryReport> {
  const settings = { ...DELIVERY_DEFAULTS, ...context.settings };
  const report: DeliveryReport = { sent: 0, retry: 0, dead: 0 };
  while (!shouldStop()) {
    const rows = await claimDue(context, settings.batchSize);
    if (rows.length === 0) break;
    for (const [index, row] of rows.entries()) {
      if (shouldStop()) {
        // Hand back the rows not started, so another worker (or the next start) sends them at once.
        await releaseClaims(
          context,
          rows.slice(index).map((r) => r.id),
        );
        return report;
      }
      report[await deliverOne(context, row, settings)] += 1;
    }
  }
  return report;
}

function releaseClaims(context: DeliveryContext, ids: string[]): Promise<unknown> {
  return context.db.query(
    `update public.email_outbox
        set status = 'pending', attempts = attempts - 1, locked_until = null
      where id = any($1::bigint[]) and locked_by = $2 and status = 'sending'`,
    [ids, context.workerId],
  );
}
