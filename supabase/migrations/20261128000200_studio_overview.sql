-- The owner's overview: the funnel of `npm run admin -- stats` and the studio's Overview read the same numbers from
-- one function, and page views are counted by where the visitor came from.

-- Where a counted view came from: the page address's `utm_source`, else the host of another site that linked to
-- it, else 'direct'; a value outside this short, safe set of characters is 'other' (the server's
-- `pageViewSource`). Views counted before sources were recorded are 'unknown'. No address, path or person.
alter table public.page_views
  add column source text not null default 'unknown'
    check (source ~ '^[a-z0-9][a-z0-9._-]{0,59}$'),
  drop constraint page_views_pkey,
  add primary key (day, path, source);

-- Everything the funnel shows for the UTC days first_day to last_day, both included (docs/owners-guide.md,
-- "Stats"). Each count is of things that happened that day:
-- - views: browsers opening `/` and `/course` (the server's page-view counter), and by source.
-- - new sign-ups: addresses that signed up for the first time (`signups.first_signed_up_at`).
-- - repeat sign-ups: a known address signing up again and e-mailed again: its course-access outbox row. A
--   repeat within 10 minutes of the last e-mail queues no row and is not counted.
-- - course e-mails of that day's sign-ups: delivered, failed (at least once, still being retried), dead.
-- - opened the course: people whose first sign-in link was used that day (`auth.users.email_confirmed_at`,
--   set once on the first sign-in; `last_sign_in_at` is overwritten by every later one).
-- - learners started: people who started their first lesson; lessons started and completed: progress rows
--   created, and lessons completed, that day.
-- - finished the course: people whose last completion of a published lesson that day completed them all.
-- Then each published lesson in order with the learners who started and finished it in the period; the
-- completion view's answers (ratings, the newest answers and comments, at most `answers_shown` of each, never
-- who wrote them); and the reminders (docs/decisions/0135). People who were erased are counted nowhere.
-- Called by the studio's `studio_overview` and by the owner's tool; no API role may call it.
create function public.overview_stats(first_day date, last_day date, answers_shown integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
with days as (
  select d::date as day from generate_series(first_day, last_day, interval '1 day') as d
), views as (
  select day,
         sum(views) filter (where path = '/') as views_home,
         sum(views) filter (where path = '/course') as views_course
    from public.page_views
   where day between first_day and last_day
   group by day
), new_signups as (
  select (first_signed_up_at at time zone 'UTC')::date as day, count(*) as n
    from public.signups
   -- The owners' own addresses are no visitors' sign-ups (adding an owner gives them a row to sign in with).
   where lower(email) not in (select email from public.owners)
   group by 1
), course_emails as (
  select (o.created_at at time zone 'UTC')::date as day,
         -- The first sign-up's e-mail is queued by the statement that sets first_signed_up_at, at the same now().
         count(*) filter (where o.created_at > s.first_signed_up_at) as repeats,
         count(*) filter (where o.status = 'sent') as delivered,
         count(*) filter (where o.status in ('pending', 'sending') and o.last_error is not null) as failed,
         count(*) filter (where o.status = 'dead') as dead
    from public.email_outbox o join public.signups s on s.id = o.signup_id
   where o.kind = 'course-access'
   group by 1
), opened as (
  select (email_confirmed_at at time zone 'UTC')::date as day, count(*) as n
    from auth.users
   where email_confirmed_at is not null and lower(email) not in (select email from public.owners)
   group by 1
), learners as (
  select (first_start at time zone 'UTC')::date as day, count(*) as n
    from (select min(created_at) as first_start from public.lesson_progress group by user_id) firsts
   group by 1
), started as (
  select (created_at at time zone 'UTC')::date as day, count(*) as n from public.lesson_progress group by 1
), completed as (
  select (completed_at at time zone 'UTC')::date as day, count(*) as n
    from public.lesson_progress where completed_at is not null group by 1
), finished as (
  select (finished_at at time zone 'UTC')::date as day, count(*) as n
    from (
      select max(p.completed_at) as finished_at
        from public.lesson_progress p join public.lessons l on l.id = p.lesson_id
       where l.is_published and p.completed_at is not null
       group by p.user_id
      having count(*) = (select count(*) from public.lessons where is_published)
    ) finishers
   group by 1
), day_rows as (
  select to_char(d.day, 'YYYY-MM-DD') as day,
         coalesce(v.views_home, 0)::int as views_home,
         coalesce(v.views_course, 0)::int as views_course,
         coalesce(ns.n, 0)::int as signups_new,
         coalesce(e.repeats, 0)::int as signups_repeat,
         coalesce(e.delivered, 0)::int as emails_delivered,
         coalesce(e.failed, 0)::int as emails_failed,
         coalesce(e.dead, 0)::int as emails_dead,
         coalesce(o.n, 0)::int as opened_course,
         coalesce(ln.n, 0)::int as learners_started,
         coalesce(st.n, 0)::int as lessons_started,
         coalesce(c.n, 0)::int as lessons_completed,
         coalesce(f.n, 0)::int as finished_course
    from days d
    left join views v on v.day = d.day
    left join new_signups ns on ns.day = d.day
    left join course_emails e on e.day = d.day
    left join opened o on o.day = d.day
    left join learners ln on ln.day = d.day
    left join started st on st.day = d.day
    left join completed c on c.day = d.day
    left join finished f on f.day = d.day
), answers as (
  select created_at, user_id, rating, comment
    from public.course_feedback
   where (created_at at time zone 'UTC')::date between first_day and last_day
), reminders_sent as (
  select o.sent_at, u.id as user_id
    from public.email_outbox o
    join public.signups s on s.id = o.signup_id
    left join auth.users u on lower(u.email) = lower(s.email)
   where o.kind = 'reminder' and o.status = 'sent'
     and (o.sent_at at time zone 'UTC')::date between first_day and last_day
)
select jsonb_build_object(
  'since', to_char(first_day, 'YYYY-MM-DD'),
  'until', to_char(last_day, 'YYYY-MM-DD'),
  'days', (select coalesce(jsonb_agg(to_jsonb(r) order by r.day), '[]'::jsonb) from day_rows r),
  'total', (
    select jsonb_build_object(
             'views_home', coalesce(sum(views_home), 0)::int,
             'views_course', coalesce(sum(views_course), 0)::int,
             'signups_new', coalesce(sum(signups_new), 0)::int,
             'signups_repeat', coalesce(sum(signups_repeat), 0)::int,
             'emails_delivered', coalesce(sum(emails_delivered), 0)::int,
             'emails_failed', coalesce(sum(emails_failed), 0)::int,
             'emails_dead', coalesce(sum(emails_dead), 0)::int,
             'opened_course', coalesce(sum(opened_course), 0)::int,
             'learners_started', coalesce(sum(learners_started), 0)::int,
             'lessons_started', coalesce(sum(lessons_started), 0)::int,
             'lessons_completed', coalesce(sum(lessons_completed), 0)::int,
             'finished_course', coalesce(sum(finished_course), 0)::int)
      from day_rows),
  'sources', (
    select coalesce(jsonb_agg(jsonb_build_object('day', day, 'source', source, 'views', views)
                              order by day, views desc, source), '[]'::jsonb)
      from (select to_char(day, 'YYYY-MM-DD') as day, source, sum(views)::int as views
              from public.page_views
             where day between first_day and last_day
             group by day, source) by_source),
  'lessons', (
    select coalesce(jsonb_agg(jsonb_build_object('slug', l.slug, 'title', l.title,
                                                 'started', coalesce(p.started, 0),
                                                 'finished', coalesce(p.finished, 0))
                              order by l.order_index, l.id), '[]'::jsonb)
      from public.lessons l
      left join (
        select lesson_id,
               count(*) filter (where (created_at at time zone 'UTC')::date between first_day and last_day)::int
                 as started,
               count(*) filter (where (completed_at at time zone 'UTC')::date between first_day and last_day)::int
                 as finished
          from public.lesson_progress group by lesson_id
      ) p on p.lesson_id = l.id
     where l.is_published),
  'feedback', (
    select jsonb_build_object(
             'answers', count(*)::int,
             'average_rating', avg(rating)::float8,
             'ratings', jsonb_build_object(
               '1', count(*) filter (where rating = 1)::int,
               '2', count(*) filter (where rating = 2)::int,
               '3', count(*) filter (where rating = 3)::int,
               '4', count(*) filter (where rating = 4)::int,
               '5', count(*) filter (where rating = 5)::int),
             'latest_answers', (
               select coalesce(jsonb_agg(jsonb_build_object('day', day, 'rating', rating, 'comment', comment)
                                         order by created_at desc, user_id), '[]'::jsonb)
                 from (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, rating::int as rating,
                              comment, created_at, user_id
                         from answers order by created_at desc, user_id limit answers_shown) latest),
             'latest_comments', (
               select coalesce(jsonb_agg(jsonb_build_object('day', day, 'rating', rating, 'comment', comment)
                                         order by created_at desc, user_id), '[]'::jsonb)
                 from (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, rating::int as rating,
                              comment, created_at, user_id
                         from answers where comment is not null
                        order by created_at desc, user_id limit answers_shown) latest))
      from answers),
  'reminders', jsonb_build_object(
    'asking', (select count(*) from public.reminder_answers_latest where given)::int,
    'sent', (select count(*) from reminders_sent)::int,
    'learners_back_within_3_days', (
      select count(distinct user_id) from reminders_sent sent where exists (
        select 1 from public.lesson_progress p
         where p.user_id = sent.user_id
           and (p.created_at between sent.sent_at and sent.sent_at + interval '3 days'
                or p.updated_at between sent.sent_at and sent.sent_at + interval '3 days'
                or p.completed_at between sent.sent_at and sent.sent_at + interval '3 days')))::int,
    'unsubscribes', (
      select count(*) from public.reminder_consents
       where source = 'unsubscribe'
         and (created_at at time zone 'UTC')::date between first_day and last_day)::int)
);
$$;

revoke all on function public.overview_stats(date, date, integer) from public, anon, authenticated;

-- The studio's Overview: the last `days` UTC days up to today, with the newest 100 feedback answers.
create function public.studio_overview(days integer default 30)
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
  return public.overview_stats(today - (days - 1), today, 100);
end;
$$;

revoke all on function public.studio_overview(integer) from public, anon;
grant execute on function public.studio_overview(integer) to authenticated;
