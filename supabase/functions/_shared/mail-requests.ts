/**
 * The hourly ceiling on e-mails that requests make the site send (sign-ups' course e-mails, sign-in e-mails),
 * kept in the one `mail_request_budget` row so every server and edge-function instance shares it. The
 * statements that queue those e-mails take from it in the same statement (signup-store.ts, sign-in-link.ts).
 * It is sized to the mail provider's quota, far above a launch: what stops a flood is the per-caller and
 * per-address caps (docs/decisions/0152-a-launch-is-not-a-flood.md). A fifth of it is kept for sign-in
 * e-mails, so sign-ups, however many, never leave a learner without her new link.
 */
import type { Log } from './log.ts';
import type { Sql } from './sql-port.ts';

/** MAIL_REQUESTS_PER_HOUR when unset: a launch's sign-ups in an hour, within a paid plan's quota. */
export const DEFAULT_MAIL_REQUESTS_PER_HOUR = 5000;

/** The hour's ceiling split: sign-ups' course e-mails may take four fifths, the rest is kept for sign-in e-mails. */
export function hourlyShares(ceiling: number): { signups: number; signIns: number } {
  const signIns = Math.max(1, Math.ceil(ceiling / 5));
  return { signups: Math.max(1, ceiling - signIns), signIns };
}

/**
 * SQL: the e-mails already taken from this hour's ceiling and later ones, as of now (`ceiling` names the
 * parameter). Each whole hour since the row's `hour` frees one ceiling's worth.
 */
export const takenFromCeiling = (ceiling: string) =>
  `greatest(0, b.emails - ${ceiling}::bigint
     * (extract(epoch from date_trunc('hour', now()) - b.hour) / 3600)::bigint)`;

/**
 * Logs one warning an hour, on whichever server first sees the ceiling reached: the row's `alerted_hour` is
 * checked and set in one statement. `address` (the request's) appears only as its keyed hash in the log.
 */
export async function reportCeilingReached(
  db: Sql,
  log: Log,
  line: { ceiling: number; address: string; source: string },
): Promise<void> {
  const first = await db.query(
    `update public.mail_request_budget set alerted_hour = date_trunc('hour', now())
      where alerted_hour is distinct from date_trunc('hour', now())
     returning alerted_hour`,
  );
  if (first.length === 0) return;
  log.warn({
    event: 'mail.hourly_ceiling_reached',
    message:
      'Requests asked for more e-mails this hour than their share of MAIL_REQUESTS_PER_HOUR allows: course e-mails wait for the next hour, sign-in e-mails are not sent.',
    ceiling: line.ceiling,
    source: line.source,
    to: line.address,
  });
}
