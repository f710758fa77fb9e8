-- A learner's progress row says only what a learner can know: which lesson, how far, and when it was watched.
-- The row's times are the database's, a completion time stays within the row's life so far, a position is a
-- real number of seconds, and only a lesson the learner can see takes progress, so a draft's id answers as a
-- missing lesson does.

-- Learners name these columns only; created_at and updated_at are the database's (a request naming them is
-- refused). update needs user_id and lesson_id too: supabase-js's upsert sets every column it sends.
revoke insert, update on table public.lesson_progress from authenticated;
grant insert (user_id, lesson_id, position_seconds, completed_at) on table public.lesson_progress to authenticated;
grant update (user_id, lesson_id, position_seconds, completed_at) on table public.lesson_progress to authenticated;

-- NaN and Infinity pass `>= 0` in PostgreSQL (NaN sorts above every number); neither is a place in a video.
update public.lesson_progress set position_seconds = 0 where position_seconds >= 'Infinity'::double precision;
alter table public.lesson_progress drop constraint if exists lesson_progress_position_seconds_check;
alter table public.lesson_progress add constraint lesson_progress_position_seconds_finite
  check (position_seconds >= 0 and position_seconds < 'Infinity'::double precision);

-- The row-level checks also ask that the learner can see the lesson (published, under the lessons' own
-- policy): a draft's id and an id that does not exist are refused alike, before the foreign key is checked.
drop policy "Learners record their own progress" on public.lesson_progress;
create policy "Learners record their own progress" on public.lesson_progress
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.lessons l where l.id = lesson_progress.lesson_id)
  );

drop policy "Learners update their own progress" on public.lesson_progress;
create policy "Learners update their own progress" on public.lesson_progress
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.lessons l where l.id = lesson_progress.lesson_id)
  );

-- A completion sent by a learner's device (offline, late, or its clock wrong) is kept within the row's life:
-- not before the row was first saved, not after now. The owner's tools (db copy, imports) write their times
-- as they are.
create or replace function public.lesson_progress_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  if current_user = 'authenticated' and new.completed_at is not null then
    new.completed_at := least(greatest(new.completed_at, new.created_at), now());
  end if;
  if tg_op = 'UPDATE' then
    -- The first completion time is kept; a later save, with or without completed_at, never clears or moves it.
    new.completed_at := coalesce(old.completed_at, new.completed_at);
  end if;
  return new;
end;
$$;
