-- On hosted Supabase: the studio's uploads. Owners (public.is_owner(), from the owners table alone) add, replace
-- and delete the files of the public bucket `guides` (the guides' pictures) and of the private bucket `course`
-- (lessons' videos, captions and posters, by a plain upload or a resumable one), and read every course file, a
-- draft lesson's too, to preview it. Learners and visitors keep exactly the policies they had. The embedded
-- server has no storage schema: its storage routes apply the same rules (server/src/routes/storage).
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  -- The guides' pictures are public, at most 5 MB as on the embedded server; the course bucket takes the
  -- project's upload limit (Storage settings), which lesson videos need raised.
  insert into storage.buckets (id, name, public, file_size_limit) values ('guides', 'guides', true, 5242880)
    on conflict (id) do nothing;

  drop policy if exists "Owners read every course file" on storage.objects;
  create policy "Owners read every course file" on storage.objects
    for select to authenticated
    using (bucket_id = 'course' and (select public.is_owner()));

  -- Replacing an object (upsert) reads it first: owners read the guides' files through the API too.
  drop policy if exists "Owners read every guide file" on storage.objects;
  create policy "Owners read every guide file" on storage.objects
    for select to authenticated
    using (bucket_id = 'guides' and (select public.is_owner()));

  drop policy if exists "Owners add guide and course files" on storage.objects;
  create policy "Owners add guide and course files" on storage.objects
    for insert to authenticated
    with check (bucket_id in ('guides', 'course') and (select public.is_owner()));

  drop policy if exists "Owners replace guide and course files" on storage.objects;
  create policy "Owners replace guide and course files" on storage.objects
    for update to authenticated
    using (bucket_id in ('guides', 'course') and (select public.is_owner()))
    with check (bucket_id in ('guides', 'course') and (select public.is_owner()));

  drop policy if exists "Owners delete guide and course files" on storage.objects;
  create policy "Owners delete guide and course files" on storage.objects
    for delete to authenticated
    using (bucket_id in ('guides', 'course') and (select public.is_owner()));
end $$;
