-- The studio's Outbox lists every e-mail the outbox holds, and the Overview's funnel follows one group of people
-- from step to step, so no step holds more than the one before.

-- The Outbox's record: the newest 100 e-mails whose recipient holds `search` (any letter case, taken as plain
-- text: `%`, `_` and quotes match themselves), newest first by the time they were sent, else queued, with what
-- became of each: its status, the transport that took it (`file`, `smtp`, `resend`) and that transport's id,
-- the last error. Rows are kept until the person is erased (docs/privacy-and-data.md).
create function public.studio_outbox_emails(search text default '') returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform public.assert_owner();
  if char_length(search) > 320 then
    raise exception 'Search for at most 320 characters: an address is never longer.';
  end if;
  with shown as (
    select o.id, o.kind, o.recipient, o.status, o.attempts, o.last_error, o.provider, o.provider_id,
           o.created_at, o.sent_at
      from public.email_outbox o
     where coalesce(search, '') = '' or strpos(lower(o.recipient), lower(btrim(search))) > 0
     order by coalesce(o.sent_at, o.created_at) desc, o.id desc
     limit 100
  )
  select jsonb_build_object(
           'total', (select count(*)::integer from public.email_outbox o
                      where coalesce(search, '') = '' or strpos(lower(o.recipient), lower(btrim(search))) > 0),
           'emails', coalesce(
             (select jsonb_agg(to_jsonb(s) order by coalesce(s.sent_at, s.created_at) desc, s.id desc)
                from shown s),
             '[]'::jsonb))
    into result;
  return result;
end;
$$;

-- The newest first without sorting the whole outbox.
create index email_outbox_newest_idx on public.email_outbox ((coalesce(sent_at, created_at)) desc, id desc);

revoke all on function public.studio_outbox_emails(text) from public, anon;
grant execute on function public.studio_outbox_emails(text) to authenticated;

-- The funnel of the UTC days first_day to last_day, as people who can be followed from step to step:
-- - visits: browsers that opened `/`, each counted once a day (page_views);
-- - the period's new sign-ups (owners aside), split per day into those the day's counted visits can account
--   for (at most one per visit) and the rest, signed up without a counted visit (a visit on another day, on a
--   page not counted, or a second sign-up from one browser);
-- - of those sign-ups: who has opened the course since (their first sign-in link used), of those who started a
--   lesson, of those who finished the course (course_finishes). Each step is a part of the one before.
create function public.overview_funnel(first_day date, last_day date) returns jsonb
language sql
stable
set search_path = ''
as $$
with visits as (
  select day, sum(views)::integer as n
    from public.page_views
   where path = '/' and day between first_day and last_day
   group by day
), cohort as (
  select (s.first_signed_up_at at time zone 'UTC')::date as day,
         (select u.id from auth.users u
           where lower(u.email) = lower(s.email) and u.email_confirmed_at is not null
           order by u.email_confirmed_at limit 1) as opened_by
    from public.signups s
   where (s.first_signed_up_at at time zone 'UTC')::date between first_day and last_day
     and lower(s.email) not in (select email from public.owners)
), per_day as (
  select coalesce(v.day, c.day) as day, coalesce(v.n, 0) as visits, coalesce(c.n, 0) as signups
    from visits v
    full join (select day, count(*)::integer as n from cohort group by day) c on c.day = v.day
), started as (
  select opened_by from cohort
   where opened_by is not null
     and exists (select 1 from public.lesson_progress p where p.user_id = cohort.opened_by)
)
select jsonb_build_object(
  'visits', (select coalesce(sum(visits), 0)::integer from per_day),
  'signups_after_visit', (select coalesce(sum(least(signups, visits)), 0)::integer from per_day),
  'signups_without_visit', (select coalesce(sum(greatest(signups - visits, 0)), 0)::integer from per_day),
  'opened_course', (select count(*)::integer from cohort where opened_by is not null),
  'started_lesson', (select count(*)::integer from started),
  'finished_course', (
    select count(*)::integer from started
     where exists (select 1 from public.course_finishes f where f.user_id = started.opened_by)));
$$;

revoke all on function public.overview_funnel(date, date) from public, anon, authenticated;

-- The studio's Overview, now with the funnel above.
create or replace function public.studio_overview(days integer default 30)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
begin
  perform public.assert_owner();
  if days is null or days < 1 or days > 366 then
    raise exception 'The overview covers 1 to 366 days.';
  end if;
  return public.overview_stats(today - (days - 1), today, 100)
         || jsonb_build_object('funnel', public.overview_funnel(today - (days - 1), today));
end;
$$;
