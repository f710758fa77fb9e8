-- A function is for the API roles only when its migration grants it to them. PostgreSQL lets PUBLIC run every
-- new function, and hosted Supabase grants anon and authenticated every new function of schema public, so a
-- function whose migration forgot its revoke could be called by anyone through /rest/v1/rpc. From here on a new
-- function may be run by its owner and the service role (as Supabase grants it) and by whom its migration names.
-- PUBLIC's right is a default of every schema, so it is revoked for all of them; a later extension's functions
-- that the API roles need are granted to them by name.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;
alter default privileges in schema public grant execute on functions to service_role;

-- Helpers of the table checks, the storage rules and the owner's tool, which no visitor needs to call.
revoke all on function public.lesson_tags_are_valid(text[]) from public, anon, authenticated;
revoke all on function public.stream_folder(text) from public, anon, authenticated;
grant execute on function public.lesson_tags_are_valid(text[]), public.stream_folder(text) to service_role;
-- A trigger's function runs whoever fires it; nobody calls it by name.
revoke all on function public.lesson_progress_before_write() from public, anon, authenticated;

-- On hosted Supabase: the course bucket's two read policies named a stream's folder with public.stream_folder,
-- which a policy runs as the caller; they now say it themselves (the playlist's path less its file name). The
-- embedded server's storage routes say it the same way.
-- And a public bucket serves its files to anyone from the project's address, so it takes only the pictures the
-- landing page shows: Storage refuses an upload of any other type (an SVG, a page of HTML). The embedded server
-- checks a guide picture's bytes as the studio and the owner's tool do.
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  if to_regclass('storage.buckets') is not null then
    update storage.buckets
       set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
     where public;
  end if;
  drop policy if exists "Signed-in learners read the files of published lessons" on storage.objects;
  create policy "Signed-in learners read the files of published lessons" on storage.objects
    for select to authenticated
    using (
      bucket_id = 'course'
      and exists (
        select 1 from public.lessons as lesson
        where storage.objects.name in (lesson.video_path, lesson.captions_path, lesson.poster_path)
           or starts_with(storage.objects.name, left(lesson.stream_path, -length('master.m3u8')))
      )
    );
  drop policy if exists "Visitors read the preview lessons' files and the first poster" on storage.objects;
  create policy "Visitors read the preview lessons' files and the first poster" on storage.objects
    for select to anon, authenticated
    using (
      bucket_id = 'course'
      and exists (
        select 1 from public.course_outline as outline
        where storage.objects.name in (outline.poster_path, outline.video_path, outline.captions_path)
           or starts_with(storage.objects.name, left(outline.stream_path, -length('master.m3u8')))
      )
    );
end $$;
