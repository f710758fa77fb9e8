/** Records a sign-up and the course e-mail it is owed, both or neither, in one short transaction. */
import { CONSENT_VERSION } from './course-email.ts';
import type { Signup } from './signup-request.ts';
import type { SqlDatabase } from './sql-port.ts';

/** A second sign-up of the same address within this window queues no second e-mail. */
const DEDUPE_MINUTES = 10;

// The dedupe check ignores case, so case variants of one mailbox get one e-mail per window.
// The row lock taken by the upsert serialises concurrent sign-ups of one address, so the outbox check
// below (a separate statement, with a fresh snapshot) sees a row queued by a transaction that just committed.
const UPSERT_SIGNUP = `
insert into public.signups (email, name, consent_version, source)
values ($1, $2, $3, $4)
on conflict (email) do update
   set name = excluded.name, consent_version = excluded.consent_version, unsubscribed = false,
       last_signed_up_at = now(), signup_count = public.signups.signup_count + 1
returning id::text as id`;

const QUEUE_EMAIL = `
insert into public.email_outbox (id, signup_id, recipient, idempotency_key)
select next.id, $1, $2, 'course-access/' || next.id
  from (select nextval(pg_get_serial_sequence('public.email_outbox', 'id')) as id) next
 where not exists (
   select 1 from public.email_outbox
    where lower(recipient) = lower($2) and kind = 'course-access' and created_at > now() - make_interval(mins => $3)
 )
returning id::text as id`;

export interface RecordResult {
  /** The new outbox row, or undefined when an e-mail to this address was queued moments ago. */
  outboxId: string | undefined;
}

export function recordSignup(
  db: SqlDatabase,
  signup: Signup,
  options: { source: string; dedupeMinutes?: number },
): Promise<RecordResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(UPSERT_SIGNUP, [
      signup.email,
      signup.name,
      CONSENT_VERSION,
      options.source,
    ]);
    if (!row) throw new Error('The sign-up upsert returned no row.');
    const queued = await tx.query<{ id: string }>(QUEUE_EMAIL, [
      row.id,
      signup.email,
      options.dedupeMinutes ?? DEDUPE_MINUTES,
    ]);
    return { outboxId: queued[0]?.id };
  });
}
