-- The public outline names every published lesson's files, so that /course signs the files of the lesson a
-- learner came for the moment she is signed in, beside the read of her lessons rather than after it
-- (docs/decisions/0125-preview-lessons-are-public.md). A path is not a file: who may read one no longer follows
-- from the outline. Anyone may read the files of the published preview lessons and the first lesson's poster, the
-- files the view `public.course_files_for_anyone` names (what the outline named until now); a signed-in learner
-- those of every published lesson, as before.
create or replace view public.course_outline
  with (security_invoker = false, security_barrier = true)
as
select
  slug,
  title,
  summary,
  duration_seconds,
  order_index,
  poster_path,
  is_preview,
  speaks_to,
  video_path,
  captions_path,
  stream_path,
  stream_path is not null as streams
from public.lessons
where is_published
order by order_index, id;

comment on view public.course_outline is
  'Published lessons as anyone may see them, with the paths of their files (a path is no right to read one: course_files_for_anyone says who may); bypasses the RLS of lessons by design (owner''s rights).';

create view public.course_files_for_anyone
  with (security_invoker = false, security_barrier = true)
as
select
  case when is_preview or row_number() over (order by order_index, id) = 1 then poster_path end as poster_path,
  case when is_preview then video_path end as video_path,
  case when is_preview then captions_path end as captions_path,
  case when is_preview then stream_path end as stream_path
from public.lessons
where is_published;

comment on view public.course_files_for_anyone is
  'The course files anyone may read: the published preview lessons'' and the first published lesson''s poster; the visitors'' storage policy reads it (owner''s rights by design).';

-- The storage policy below reads it as the caller.
revoke all on public.course_files_for_anyone from public, anon, authenticated;
grant select on public.course_files_for_anyone to anon, authenticated, service_role;

-- On hosted Supabase: the policy reads the new view. The embedded server's storage routes ask the same question.
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  drop policy if exists "Visitors read the preview lessons' files and the first poster" on storage.objects;
  create policy "Visitors read the preview lessons' files and the first poster" on storage.objects
    for select to anon, authenticated
    using (
      bucket_id = 'course'
      and exists (
        select 1 from public.course_files_for_anyone as public_file
        where storage.objects.name in (public_file.poster_path, public_file.video_path, public_file.captions_path)
           or starts_with(storage.objects.name, left(public_file.stream_path, -length('master.m3u8')))
      )
    );
end $$;
