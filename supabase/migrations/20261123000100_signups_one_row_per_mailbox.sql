-- One person, one address: sign-ups compare e-mail addresses case-insensitively, so Ada@ and ada@
-- are one row, one 10-minute rule and one per-address limit. The stored address keeps what the visitor first
-- typed. The per-address limit counts the row's recent sign-up times, so it holds across restarts and across
-- several servers on one database.

-- Case variants already stored become one row: the earliest stays, takes over the others' e-mails, and sums
-- their sign-ups. Unsubscribed under any spelling stays unsubscribed.
create temporary view signup_keepers as
select id, first_value(id) over (partition by lower(email) order by first_signed_up_at, id) as keep_id
  from public.signups;

update public.email_outbox o
   set signup_id = k.keep_id
  from signup_keepers k
 where o.signup_id = k.id and k.id <> k.keep_id;

update public.signups s
   set last_signed_up_at = merged.last_signed_up_at,
       signup_count = merged.signup_count,
       last_email_queued_at = merged.last_email_queued_at,
       unsubscribed = merged.unsubscribed
  from (
    select k.keep_id, max(v.last_signed_up_at) as last_signed_up_at, sum(v.signup_count)::int as signup_count,
           max(v.last_email_queued_at) as last_email_queued_at, bool_or(v.unsubscribed) as unsubscribed
      from signup_keepers k join public.signups v on v.id = k.id
     group by k.keep_id
    having count(*) > 1
  ) merged
 where s.id = merged.keep_id;

delete from public.signups s using signup_keepers k where s.id = k.id and k.id <> k.keep_id;

drop view signup_keepers;

alter table public.signups drop constraint signups_email_key;
create unique index signups_email_lower_key on public.signups (lower(email));

-- Times of this address's sign-ups within the per-address window (at most the limit's number of them).
alter table public.signups add column recent_signup_times timestamptz[] not null default '{}';
