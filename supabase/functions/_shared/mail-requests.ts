/**
 * The hourly ceiling on e-mails that requests make the site send (sign-ups' course e-mails, sign-in e-mails),
 * kept in the one `mail_request_budget` row so every server and edge-function instance shares it. The
 * statements that queue those e-mails take from it in the same statement (signup-store.ts, sign-in-link.ts).
 */
import type { Log } from './log.ts';
import type { Sql } from './sql-port.ts';

/** MAIL_REQUESTS_PER_HOUR when unset: far above this site's sign-ups, far below a provider's daily quota. */
export const DEFAULT_MAIL_REQUESTS_PER_HOUR = 500;

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
      'Requests asked for more e-mails this hour than MAIL_REQUESTS_PER_HOUR allows: course e-mails wait for the next hour, sign-in e-mails are not sent.',
    ceiling: line.ceiling,
    source: line.source,
    to: line.address,
  });
}
