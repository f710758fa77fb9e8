-- "Send me a new link" (docs/decisions/0100-course-access-with-sign-in-links.md): a sign-in e-mail to an
-- address that signed up goes through the same outbox as the course e-mail, as a second kind of row. Neither
-- row stores a link: the worker makes a fresh one each time it sends.

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox
  add constraint email_outbox_kind_check check (kind in ('course-access', 'sign-in-link'));

-- The idempotency key names the row's kind (sign-in-link/42), so the provider's logs and `outbox status` say
-- which e-mail a key is. Every existing row is a course-access one, so every key keeps its value.
alter table public.email_outbox drop column idempotency_key;
alter table public.email_outbox
  add column idempotency_key text generated always as (kind || '/' || id::text) stored;
alter table public.email_outbox add constraint email_outbox_idempotency_key_key unique (idempotency_key);

-- At most one sign-in e-mail per address a minute (GoTrue's default frequency), checked and marked on the
-- signups row in the statement that queues it.
alter table public.signups add column last_sign_in_link_queued_at timestamptz;
