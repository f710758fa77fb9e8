/** Records sign-ups and the course e-mails they are owed, both or neither, in one short statement. */
import { CONSENT_VERSION } from './course-email.ts';
import type { Signup } from './signup-request.ts';
import type { Sql } from './sql-port.ts';

/** A second sign-up of the same address within this window queues no second e-mail. */
const DEDUPE_MINUTES = 10;

/**
 * One statement for any number of sign-ups with distinct addresses, so one round trip and one implicit
 * transaction: every row of the batch or none. The sign-ups travel as one JSON text parameter, which every
 * driver (PGlite, node-postgres, postgres.js) passes the same way. The 10-minute check lives on the signups
 * row: ON CONFLICT DO UPDATE locks that row and sees its latest committed version, so two sign-ups of one
 * address at the same moment queue one e-mail, without a scan of the outbox.
 */
const RECORD_SIGNUPS = `
with signup as (
  insert into public.signups as s (email, name, consent_version, source, last_email_queued_at)
  select i.email, i.name, $2, $3, now() from json_to_recordset($1::text::json) as i(email text, name text)
  on conflict (email) do update
     set name = excluded.name, consent_version = excluded.consent_version, unsubscribed = false,
         last_signed_up_at = now(), signup_count = s.signup_count + 1,
         last_email_queued_at = case
           when s.last_email_queued_at > now() - make_interval(mins => $4) then s.last_email_queued_at
           else now()
         end
  returning s.id, s.email, s.last_email_queued_at = now() as queue
)
insert into public.email_outbox (signup_id, recipient)
select id, email from signup where queue
returning id::text as id, recipient`;

export interface RecordResult {
  /** The new outbox row, or undefined when an e-mail to this address was queued moments ago. */
  outboxId: string | undefined;
}

interface RecordOptions {
  source: string;
  dedupeMinutes?: number;
}

/** Records sign-ups whose addresses are all different (one statement cannot upsert a row twice). */
async function recordSignups(db: Sql, signups: readonly Signup[], options: RecordOptions) {
  const rows = await db.query<{ id: string; recipient: string }>(RECORD_SIGNUPS, [
    JSON.stringify(signups.map(({ email, name }) => ({ email, name }))),
    CONSENT_VERSION,
    options.source,
    options.dedupeMinutes ?? DEDUPE_MINUTES,
  ]);
  const queued = new Map(rows.map((row) => [row.recipient, row.id]));
  return signups.map((signup): RecordResult => ({ outboxId: queued.get(signup.email) }));
}

export async function recordSignup(db: Sql, signup: Signup, options: RecordOptions): Promise<RecordResult> {
  const [result] = await recordSignups(db, [signup], options);
  return result ?? { outboxId: undefined };
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
 * resolves only after the statement holding its own row has committed. A second sign-up of an address
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
    batch.forEach((item, index) => item.resolve(results[index] ?? { outboxId: undefined }));
  };

  const next = () => {
    scheduled = false;
    if (running || waiting.length === 0) return;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const addresses = new Set<string>();
    for (const item of waiting) {
      if (batch.length < MAX_BATCH && !addresses.has(item.signup.email)) {
        addresses.add(item.signup.email);
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
