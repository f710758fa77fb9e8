-- Answers and plan that can follow a learner (docs/decisions/0153-the-learner-on-a-phone.md): only when she
-- ticks "Keep my answers and plan with my account" on /course. Her answers to the questions (not her e-mail
-- address) and her plan's notes are then kept here, hers alone under row-level security, with the words she
-- ticked and their version; unticking deletes the row, and erasing her account deletes it with the account.
create table public.kept_answers (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  answers jsonb not null check (jsonb_typeof(answers) = 'object' and octet_length(answers::text) <= 8000),
  plan jsonb not null default '{}' check (jsonb_typeof(plan) = 'object' and octet_length(plan::text) <= 32000),
  wording text not null check (char_length(wording) between 1 and 500),
  wording_version text not null check (wording_version ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(wording_version) <= 60),
  updated_at timestamptz not null default now()
);

alter table public.kept_answers enable row level security;

create policy "Learners read their own kept answers" on public.kept_answers
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Learners keep their own answers" on public.kept_answers
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Learners update their own kept answers" on public.kept_answers
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Learners delete their own kept answers" on public.kept_answers
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on table public.kept_answers from anon, authenticated;
grant select, delete on table public.kept_answers to authenticated;
-- The time is the database's: a learner names only these columns.
grant insert (user_id, answers, plan, wording, wording_version) on table public.kept_answers to authenticated;
-- PostgREST's upsert sets every column it was sent, the key included; the policy keeps the key hers.
grant update (user_id, answers, plan, wording, wording_version) on table public.kept_answers to authenticated;
grant all on table public.kept_answers to service_role;

create function public.kept_answers_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function public.kept_answers_before_write() from public;

create trigger kept_answers_before_write
  before insert or update on public.kept_answers
  for each row execute function public.kept_answers_before_write();

-- Unticking: her row goes, under her own row-level security.
create function public.forget_my_kept_answers() returns void
language sql
security invoker
set search_path = ''
as $$
  delete from public.kept_answers where user_id = (select auth.uid());
$$;

revoke all on function public.forget_my_kept_answers() from public, anon;
grant execute on function public.forget_my_kept_answers() to authenticated;
