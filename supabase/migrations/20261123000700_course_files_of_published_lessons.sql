-- On hosted Supabase: a signed-in learner may read (and so sign URLs for) only the files that a lesson they can
-- see names, so the owner's unpublished lessons and loose files stay private. The lessons are read under their
-- own row-level security, which shows a learner the published ones. The embedded server applies the same rule
-- in its storage routes.
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  drop policy if exists "Signed-in learners read course files" on storage.objects;
  drop policy if exists "Signed-in learners read the files of published lessons" on storage.objects;
  create policy "Signed-in learners read the files of published lessons" on storage.objects
    for select to authenticated
    using (
      bucket_id = 'course'
      and exists (
        select 1 from public.lessons as lesson
        where storage.objects.name in (lesson.video_path, lesson.captions_path, lesson.poster_path)
      )
    );
end $$;
