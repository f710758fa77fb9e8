-- A learner's progress carries the database's clock, and a completed lesson stays completed: the page saves with
-- supabase-js upsert from any device, online or late, so these two rules live where every save passes.
create function public.lesson_progress_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' then
    -- The first completion time is kept; a later save, with or without completed_at, never clears or moves it.
    new.completed_at := coalesce(old.completed_at, new.completed_at);
  end if;
  return new;
end;
$$;

create trigger lesson_progress_before_write
  before insert or update on public.lesson_progress
  for each row execute function public.lesson_progress_before_write();
