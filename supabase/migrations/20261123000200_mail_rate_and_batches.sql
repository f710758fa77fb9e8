-- Delivery under a burst: one shared send rate per mail provider, and batches that are retried
-- exactly as they were first sent (docs/decisions/0090-a-send-rate-shared-through-the-database.md).

-- One row per provider. Every worker of every server and every edge-function instance takes its send slot
-- from this row with one statement, so the rate holds however many of them run.
create table public.mail_rate (
  provider text primary key,
  -- The earliest moment the next request may start: each granted slot moves it on by 1/rate seconds.
  next_slot_at timestamptz not null default now(),
  -- Set from the provider's own answer (a 429's retry-after, a quota's reset): nobody sends before it.
  not_before timestamptz not null default now(),
  not_before_reason text
);

-- The request an outbox row went out in. Set when the row is first claimed for a batch and kept until the row
-- is sent or dead, so a retry repeats the same request under the same idempotency key and the provider
-- answers it from its record instead of sending those e-mails again.
alter table public.email_outbox add column batch_key text;
-- A batch still to finish is looked for before every claim: only those rows are indexed, not the backlog of
-- fresh rows nor the history of sent ones.
create index email_outbox_batch_idx on public.email_outbox (batch_key)
  where batch_key is not null and status in ('pending', 'sending');

alter table public.mail_rate enable row level security;
revoke all on table public.mail_rate from anon, authenticated;
grant all on table public.mail_rate to service_role;
