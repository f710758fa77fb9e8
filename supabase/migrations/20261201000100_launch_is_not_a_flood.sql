-- A launch is not a flood (docs/decisions/0152-a-launch-is-not-a-flood.md): the hourly ceiling is sized to the
-- mail provider's quota, a fifth of it is kept for sign-in e-mails, and what stops one caller is per-caller
-- and per-address caps, among them a daily cap on the course e-mails one address is sent.

-- The course e-mails an address was sent in the last day (older times are dropped as the row is next written).
alter table public.signups add column course_emails_queued_at timestamptz[] not null default '{}';
update public.signups
   set course_emails_queued_at = array[last_email_queued_at]
 where last_email_queued_at > now() - interval '1 day';

-- The sign-in e-mails' own share of the hour: counted apart from the sign-ups' course e-mails, so a flood of
-- sign-ups, however long the queue it builds for later hours, never takes it.
alter table public.mail_request_budget add column sign_in_hour timestamptz;
alter table public.mail_request_budget add column sign_in_emails bigint not null default 0;
