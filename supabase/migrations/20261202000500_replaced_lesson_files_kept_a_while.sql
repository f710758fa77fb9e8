-- A lesson's files that its new stream replaced (the upload the stream was made from, the stream a remade ladder
-- replaced) are kept three hours before the stream jobs delete them (server/src/lessons/stream-jobs.ts): a learner
-- who opened the lesson before the switch plays on with the addresses signed for the old files (they last an hour,
-- and the player renews them) instead of meeting "Try again" mid-lesson. The server's own bookkeeping: no
-- learner or owner reads it.
create table public.replaced_lesson_files (
  path text primary key check (char_length(path) between 1 and 1024),
  is_folder boolean not null,
  replaced_at timestamptz not null default now()
);

alter table public.replaced_lesson_files enable row level security;
revoke all on table public.replaced_lesson_files from anon, authenticated;
grant all on table public.replaced_lesson_files to service_role;
