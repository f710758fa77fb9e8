-- Mail that cannot be flooded (docs/decisions/0132-mail-that-cannot-be-flooded.md): a daily cap with back-off
-- on each address's sign-in e-mails, and one ceiling an hour on every e-mail that a request (a sign-up,
-- "Send me a new link") makes the site send. Both live in the database, so they hold across restarts and
-- across every server and edge-function instance on it.

-- The address's sign-in e-mails in its current day, a day that starts with its first one: at most a few a
-- day, each waiting twice as long as the one before (1, 2, 4, 8 minutes).
alter table public.signups add column sign_in_day_started_at timestamptz;
alter table public.signups add column sign_in_emails_in_day integer not null default 0;
update public.signups
   set sign_in_day_started_at = last_sign_in_link_queued_at, sign_in_emails_in_day = 1
 where last_sign_in_link_queued_at is not null;

-- One row: the e-mails requests have taken from the hourly ceiling, counted from the start of `hour`. A count
-- above the ceiling means the hours after it are spoken for too: a course e-mail past this hour's ceiling is
-- queued for the first hour with room (a sign-in e-mail past it is not queued at all).
create table public.mail_request_budget (
  id boolean primary key default true check (id),
  hour timestamptz not null default date_trunc('hour', now()),
  emails bigint not null default 0,
  -- The hour whose ceiling was last reported in the log: one alert line an hour, whichever server sees it.
  alerted_hour timestamptz
);
insert into public.mail_request_budget default values;

alter table public.mail_request_budget enable row level security;
revoke all on table public.mail_request_budget from anon, authenticated;
grant all on table public.mail_request_budget to service_role;
