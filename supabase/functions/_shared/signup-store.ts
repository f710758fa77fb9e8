/** Records sign-ups and the course e-mails they are owed, both or neither, in one short statement. */
import { z } from 'zod';
import { courseAccessConsentVersion } from '../../../src/content/emails.ts';
import { DEFAULT_MAIL_REQUESTS_PER_HOUR, hourlyShares, takenFromCeiling } from './mail-requests.ts';
import type { RateLimitRule } from './rate-limit.ts';
import type { Signup } from './signup-request.ts';
import type { Sql } from './sql-port.ts';

/** A second sign-up of the same address within this window queues no second e-mail. */
const DEDUPE_MINUTES = 10;

/** COURSE_EMAILS_PER_ADDRESS_PER_DAY when unset: a lost e-mail and two tries more, not a stranger's inbox filled. */
export const DEFAULT_COURSE_EMAILS_PER_DAY = 3;

/** The course e-mails an address was sent in the last day, oldest first. */
const COURSE_EMAILS_TODAY = `array(
  select t from unnest(s.course_emails_queued_at) t where t > now() - interval '24 hours' order by t)`;

/** A repeat sign-up is owed a course e-mail: none in the last 10 minutes, and fewer than the day's cap. */
const OWED_AN_EMAIL = `((s.last_email_queued_at is null or s.last_email_queued_at <= now() - make_interval(mins => $4))
   and cardinality(${COURSE_EMAILS_TODAY}) < $8)`;

/**
 * One statement for any number of sign-ups of distinct mailboxes, so one round trip and one implicit
 * transaction: every row of the batch or none. The sign-ups travel as one JSON text parameter, which every
 * driver (PGlite, node-postgres, postgres.js) passes the same way. Addresses are compared case-insensitively
 * (the unique index on lower(email)); the row keeps the address, name and consent as first given: a repeat
 * only counts itself, so nobody can rename a stranger or reset their consent by signing them up again. The
 * 10-minute check, the daily cap on course e-mails and the per-address limit live on the signups row: ON
 * CONFLICT DO UPDATE locks that row and sees its latest committed version, so concurrent sign-ups of one
 * address, on any number of servers, queue one e-mail and count each attempt once. A sign-up over the limit
 * leaves the row untouched and queues nothing. The e-mails queued take their place under the sign-ups' share
 * of the hourly ceiling (mail-requests.ts): past this hour's, an e-mail is queued for the first hour with room.
 */
const RECORD_SIGNUPS = `
with input as (
  select i.email, i.name from json_to_recordset($1::text::json) as i(email text, name text)
), signup as (
  insert into public.signups as s (email, name, consent_version, source, last_email_queued_at,
                                   course_emails_queued_at, recent_signup_times)
  select i.email, i.name, $2, $3, now(), array[now()], array[now()] from input i
  on conflict (lower(email)) do update
     set last_signed_up_at = now(), signup_count = s.signup_count + 1,
         last_email_queued_at = case when ${OWED_AN_EMAIL} then now() else s.last_email_queued_at end,
         course_emails_queued_at = case when ${OWED_AN_EMAIL} then ${COURSE_EMAILS_TODAY} || now()
                                        else ${COURSE_EMAILS_TODAY} end,
         recent_signup_times = array(
           select t from unnest(s.recent_signup_times) t where t > now() - make_interval(secs => $6) order by t
         ) || now()
   where cardinality(array(
           select t from unnest(s.recent_signup_times) t where t > now() - make_interval(secs => $6)
         )) < $5
  returning s.id, lower(s.email) as mailbox, s.email, s.last_email_queued_at = now() as queue
), budget as (
  insert into public.mail_request_budget as b (id, emails)
  select true, count(*) from signup where queue having count(*) > 0
  on conflict (id) do update
     set hour = date_trunc('hour', now()), emails = ${takenFromCeiling('$7')} + excluded.emails
  returning b.emails - (select count(*) from signup where queue) as taken
), queued as (
  insert into public.email_outbox (signup_id, recipient, next_attempt_at)
  select s.id, s.email,
         greatest(now(), date_trunc('hour', now())
           + make_interval(hours => ((b.taken + row_number() over (order by s.id) - 1) / $7::bigint)::int))
    from signup s, budget b
   where s.queue
  returning id, signup_id, next_attempt_at > now() as deferred
)
select lower(i.email) as mailbox, s.id is not null as recorded, q.id::text as outbox_id,
       coalesce(q.deferred, false) as deferred
  from input i
  left join signup s on s.mailbox = lower(i.email)
  left join queued q on q.signup_id = s.id`;

export interface RecordResult {
  /** False when the address reached its per-address limit: nothing changed and nothing was queued. */
  recorded: boolean;
  /** The new outbox row, or undefined: none queued (an e-mail to this address was queued moments ago). */
  outboxId: string | undefined;
  /** The e-mail waits for a later hour: this hour's ceiling on e-mails for requests was reached. */
  deferred: boolean;
}

interface RecordOptions {
  source: string;
  /** Sign-ups of one address (any capitalisation) allowed per window, counted in the database. */
  perAddress: RateLimitRule;
  /** Course e-mails one address may be sent in a day (COURSE_EMAILS_PER_ADDRESS_PER_DAY). */
  courseEmailsPerDay?: number;
  /** The hourly ceiling on e-mails requests make the site send (MAIL_REQUESTS_PER_HOUR). */
  mailRequestsPerHour?: number;
  dedupeMinutes?: number;
}

const resultRow = z.object({
  mailbox: z.string(),
  recorded: z.boolean(),
  outbox_id: z.string().nullable(),
  deferred: z.boolean(),
});

/** Records sign-ups whose mailboxes are all different (one statement cannot upsert a row twice). */
async function recordSignups(db: Sql, signups: readonly Signup[], options: RecordOptions) {
  const rows = z
    .array(resultRow)
    .parse(
      await db.query(RECORD_SIGNUPS, [
        JSON.stringify(signups.map(({ email, name }) => ({ email, name }))),
        courseAccessConsentVersion,
        options.source,
        options.dedupeMinutes ?? DEDUPE_MINUTES,
        options.perAddress.limit,
        options.perAddress.windowSeconds,
        hourlyShares(options.mailRequestsPerHour ?? DEFAULT_MAIL_REQUESTS_PER_HOUR).signups,
        options.courseEmailsPerDay ?? DEFAULT_COURSE_EMAILS_PER_DAY,
      ]),
    );
  const byMailbox = new Map(rows.map((row) => [row.mailbox, row]));
  return signups.map((signup): RecordResult => {
    const row = byMailbox.get(mailboxOf(signup.email));
    if (!row) throw new Error('The sign-up statement returned no row for an address it was given.');
    return { recorded: row.recorded, outboxId: row.outbox_id ?? undefined, deferred: row.deferred };
  });
}

/** Addresses are ASCII (signup-request.ts), so this is the database's lower(email) too. */
const mailboxOf = (email: string) => email.toLowerCase();

export async function recordSignup(db: Sql, signup: Signup, options: RecordOptions): Promise<RecordResult> {
  const [result] = await recordSignups(db, [signup], options);
  if (!result) throw new Error('The sign-up statement returned no result.');
  return result;
}

interface Waiting {
  signup: Signup;
  resolve: (result: RecordResult) => void;
  reject: (error: unknown) => void;
}

/** At most this many sign-ups share one statement (its JSON parameter stays under about 40 KB). */
const MAX_BATCH = 100;

/**
 * Group commit: sign-ups that arrive while a statement is running wait for it, then go together in the next
 * one, so under load one commit serves many requests; a lone sign-up waits only for the next turn of the
 * event loop. Each promise
 * resolves only after the statement holding its own row has committed. A second sign-up of a mailbox
 * already in the batch waits for the next one, in arrival order. When a batch fails, each of its sign-ups
 * is retried alone, so one bad row fails only its own request, with its own error.
 */
export function createSignupRecorder(
  db: Sql,
  options: RecordOptions,
): (signup: Signup) => Promise<RecordResult> {
  let waiting: Waiting[] = [];
  let running = false;
  let scheduled = false;
  // A statement starts on the next turn of the event loop, not at once: requests whose bytes arrived in this
  // turn join it first. (PGlite runs in this thread, so a statement started at once would hold the loop
  // while the others are still being read, and every batch would be one sign-up.)
  const schedule = () => {
    if (scheduled || running) return;
    scheduled = true;
    setTimeout(next, 0);
  };

  const settleAlone = async (item: Waiting) => {
    try {
      item.resolve(await recordSignup(db, item.signup, options));
    } catch (error) {
      item.reject(error);
    }
  };

  const flush = async (batch: Waiting[]) => {
    let results: RecordResult[];
    try {
      results = await recordSignups(
        db,
        batch.map((item) => item.signup),
        options,
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const item of batch) await settleAlone(item);
      return;
    }
    batch.forEach((item, index) => {
      const result = results[index];
      if (result) item.resolve(result);
      else item.reject(new Error('The sign-up statement returned fewer results than sign-ups.'));
    });
  };

  const next = () => {
    scheduled = false;
    if (running || waiting.length === 0) return;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const addresses = new Set<string>();
    for (const item of waiting) {
      const mailbox = mailboxOf(item.signup.email);
      if (batch.length < MAX_BATCH && !addresses.has(mailbox)) {
        addresses.add(mailbox);
        batch.push(item);
      } else {
        later.push(item);
      }
    }
    waiting = later;
    running = true;
    void flush(batch).finally(() => {
      running = false;
      schedule();
    });
  };

  return (signup) =>
    new Promise<RecordResult>((resolve, reject) => {
      waiting.push({ signup, resolve, reject });
      schedule();
    });
}
