-- The sign-up hot path in one statement, for the sign-up throughput target (docs/performance.md): the 10-minute
-- "no second e-mail" check moves from a scan of email_outbox onto the signups row that the upsert already locks,
-- and the idempotency key is derived from the outbox id by the database instead of a separate nextval() call.

alter table public.signups add column last_email_queued_at timestamptz;

update public.signups s
   set last_email_queued_at = queued.at
  from (select signup_id, max(created_at) as at from public.email_outbox group by signup_id) queued
 where queued.signup_id = s.id;

alter table public.email_outbox drop column idempotency_key;
-- Sent as Resend's Idempotency-Key, so a retry after a lost answer never sends a second e-mail.
alter table public.email_outbox
  add column idempotency_key text generated always as ('course-access/' || id::text) stored;
alter table public.email_outbox add constraint email_outbox_idempotency_key_key unique (idempotency_key);

drop index public.email_outbox_recipient_idx;
