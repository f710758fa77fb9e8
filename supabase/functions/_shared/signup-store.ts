/** Records a sign-up and the course e-mail it is owed, both or neither, in one short statement. */
import { CONSENT_VERSION } from './course-email.ts';
import type { Signup } from './signup-request.ts';
import type { Sql } from './sql-port.ts';

/** A second sign-up of the same address within this window queues no second e-mail. */
const DEDUPE_MINUTES = 10;

/**
 * One statement, so one round trip and one implicit transaction: both rows or neither. The 10-minute check
 * lives on the signups row: ON CONFLICT DO UPDATE locks that row and sees its latest committed version, so two
 * sign-ups of one address at the same moment queue one e-mail, without a scan of the outbox.
 */
const RECORD_SIGNUP = `
with signup as (
  insert into public.signups as s (email, name, consent_version, source, last_email_queued_at)
  values ($1, $2, $3, $4, now())
  on conflict (email) do update
     set name = excluded.name, consent_version = excluded.consent_version, unsubscribed = false,
         last_signed_up_at = now(), signup_count = s.signup_count + 1,
         last_email_queued_at = case
           when s.last_email_queued_at > now() - make_interval(mins => $5) then s.last_email_queued_at
           else now()
         end
  returning s.id, s.last_email_queued_at = now() as queue
)
insert into public.email_outbox (signup_id, recipient)
select id, $1 from signup where queue
returning id::text as id`;

export interface RecordResult {
  /** The new outbox row, or undefined when an e-mail to this address was queued moments ago. */
  outboxId: string | undefined;
}

export async function recordSignup(
  db: Sql,
  signup: Signup,
  options: { source: string; dedupeMinutes?: number },
): Promise<RecordResult> {
  const rows = await db.query<{ id: string }>(RECORD_SIGNUP, [
    signup.email,
    signup.name,
    CONSENT_VERSION,
    options.source,
    options.dedupeMinutes ?? DEDUPE_MINUTES,
  ]);
  return { outboxId: rows[0]?.id };
}
