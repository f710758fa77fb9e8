-- The completion view's one question, "How useful was this course?": a learner answers once, 1 to 5, with an
-- optional comment. The owner reads the answers with `npm run admin -- stats`; erasing the learner's account
-- (`signups erase`) deletes their answer with it.
create table public.course_feedback (
  user_id uuid primary key references auth.users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  -- Absent, or the learner's words without leading or trailing white space.
  comment text check (comment is null or (char_length(comment) between 1 and 2000 and comment !~ '^\s|\s$')),
  created_at timestamptz not null default now()
);

create index course_feedback_created_at_idx on public.course_feedback (created_at);

alter table public.course_feedback enable row level security;

create policy "Learners read their own answer" on public.course_feedback
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Once: the primary key refuses a second answer, and no policy or grant lets a learner change or delete one.
create policy "Learners answer for themselves" on public.course_feedback
  for insert to authenticated
  with check (user_id = (select auth.uid()));

revoke all on table public.course_feedback from anon, authenticated;
grant select on table public.course_feedback to authenticated;
-- The answer's time is the database's: a learner names only these columns.
grant insert (user_id, rating, comment) on table public.course_feedback to authenticated;
grant all on table public.course_feedback to service_role;
