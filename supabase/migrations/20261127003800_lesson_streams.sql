-- Adaptive streams of lessons (docs/decisions/0140-lessons-stream-as-an-hls-ladder.md): the owner's tool makes
-- an HLS ladder of each new video in a folder of the bucket "course" named by the upload's hash, and records its
-- master playlist here. A lesson without one (added before, or without ffmpeg) plays its video_path as before.
alter table public.lessons
  add column stream_path text
    constraint lessons_stream_path_check check (stream_path ~ '^lessons/[0-9a-f]{32}/master\.m3u8$');

comment on column public.lessons.stream_path is
  'The master playlist of the lesson''s HLS ladder; every file of the ladder is in the same folder.';

-- The folder of a stream's files, `lessons/<hash>/`, which a reader of the playlist may read whole.
create function public.stream_folder(stream_path text) returns text
  language sql
  immutable
  set search_path = ''
as $$
  select left(stream_path, length(stream_path) - length('master.m3u8'))
$$;

-- The outline names a preview lesson's playlist too. Appended, so `create or replace` keeps the view's grants and
-- the storage policy that reads it.
create or replace view public.course_outline
  with (security_invoker = false, security_barrier = true)
as
select
  slug,
  title,
  summary,
  duration_seconds,
  order_index,
  case when is_preview or row_number() over (order by order_index, id) = 1 then poster_path end as poster_path,
  is_preview,
  speaks_to,
  case when is_preview then video_path end as video_path,
  case when is_preview then captions_path end as captions_path,
  case when is_preview then stream_path end as stream_path
from public.lessons
where is_published
order by order_index, id;

-- On hosted Supabase: whoever may read a lesson's playlist may read every file in its folder (the rendition
-- playlists, init files and segments), under the same two rules as the lesson's other files. The embedded
-- server applies the same rule in its storage routes.
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  drop policy if exists "Signed-in learners read the files of published lessons" on storage.objects;
  create policy "Signed-in learners read the files of published lessons" on storage.objects
    for select to authenticated
    using (
      bucket_id = 'course'
      and exists (
        select 1 from public.lessons as lesson
        where storage.objects.name in (lesson.video_path, lesson.captions_path, lesson.poster_path)
           or starts_with(storage.objects.name, public.stream_folder(lesson.stream_path))
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
           or starts_with(storage.objects.name, public.stream_folder(outline.stream_path))
      )
    );
end $$;
