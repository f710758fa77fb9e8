-- A finish worth keeping (docs/decisions/0153-the-learner-on-a-phone.md): when a learner first has every
-- published lesson watched, the database records it, and a lesson published later does not take it back.
-- /course then opens at the completion view, shows the new lesson as new, and the certificate carries the date.
create table public.course_finishes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  finished_at timestamptz not null default now()
);

alter table public.course_finishes enable row level security;

create policy "Learners read their own finish" on public.course_finishes
  for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.course_finishes from anon, authenticated;
grant select on table public.course_finishes to authenticated;
grant all on table public.course_finishes to service_role;

-- Written by the progress write that completes the last unwatched published lesson, in its own statement.
create function public.record_course_finish() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.completed_at is null then
    return null;
  end if;
  if exists (select 1 from public.lessons where is_published)
     and not exists (
       select 1 from public.lessons l
        where l.is_published
          and not exists (
            select 1 from public.lesson_progress p
             where p.user_id = new.user_id and p.lesson_id = l.id and p.completed_at is not null))
  then
    insert into public.course_finishes (user_id) values (new.user_id) on conflict (user_id) do nothing;
  end if;
  return null;
end;
$$;

revoke all on function public.record_course_finish() from public;

create trigger record_course_finish
  after insert or update of completed_at on public.lesson_progress
  for each row execute function public.record_course_finish();

-- Learners who finished before this: the day their last lesson counted as watched.
insert into public.course_finishes (user_id, finished_at)
select p.user_id, max(p.completed_at)
  from public.lesson_progress p
  join public.lessons l on l.id = p.lesson_id and l.is_published
 where p.completed_at is not null
 group by p.user_id
having count(*) = (select count(*) from public.lessons where is_published)
   and count(*) > 0
on conflict (user_id) do nothing;

-- What the completion view and the certificate need, for the signed-in learner only: the name she signed up
-- with ('' for an account without a sign-up row) and when she finished ({"name": text, "finished_at":
-- timestamptz or null}). A finish the trigger missed (two last lessons saved at once, each before the other's
-- commit) is recorded here, at the time the last of them counted as watched.
create function public.my_course_record() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  published integer := (select count(*) from public.lessons where is_published);
  record jsonb;
begin
  if published > 0 and not exists (select 1 from public.course_finishes where user_id = me) then
    insert into public.course_finishes (user_id, finished_at)
    select me, max(p.completed_at)
      from public.lesson_progress p
      join public.lessons l on l.id = p.lesson_id and l.is_published
     where p.user_id = me and p.completed_at is not null
    having count(*) = published
    on conflict (user_id) do nothing;
  end if;
  select jsonb_build_object('name', coalesce(s.name, ''), 'finished_at', f.finished_at) into record
    from auth.users u
    left join public.signups s on lower(s.email) = lower(u.email)
    left join public.course_finishes f on f.user_id = u.id
   where u.id = me
   order by s.id
   limit 1;
  return record;
end;
$$;

revoke all on function public.my_course_record() from public, anon;
grant execute on function public.my_course_record() to authenticated;
