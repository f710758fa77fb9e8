-- A slow-link MP4 beside each stream (docs/decisions/0140-lessons-stream-as-an-hls-ladder.md): the server's
-- pipeline now writes the ladder's lowest rung as one faststart MP4, `slow-link.mp4`, which a phone on a slow
-- link plays instead of the stream. Every stream made before is remade once, from the lesson's faststart MP4, by
-- the same jobs that make a new upload's (the embedded server's periodic pass, or `lessons make-streams` for
-- hosted Supabase). Until then its lesson streams on every link; the studio shows each job's progress.
insert into public.lesson_stream_jobs (lesson_id, video_path)
select id, video_path from public.lessons where stream_path is not null
on conflict (lesson_id) do update
  set video_path = excluded.video_path, state = 'waiting', percent = 0, message = null,
      queued_at = now(), updated_at = now();
