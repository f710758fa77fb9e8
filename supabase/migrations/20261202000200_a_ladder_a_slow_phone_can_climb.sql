-- A ladder a 400 kbit/s phone can climb (docs/decisions/0153-the-learner-on-a-phone.md): the lessons' ladder
-- starts at 240p now. Every stream made before is remade once, from the lesson's faststart MP4, by the same jobs
-- that make a new upload's (the embedded server's periodic pass, or `lessons make-streams` for hosted Supabase).
-- The lesson plays its current stream until the new one is stored; the studio shows each job's progress.
insert into public.lesson_stream_jobs (lesson_id, video_path)
select id, video_path from public.lessons where stream_path is not null
on conflict (lesson_id) do update
  set video_path = excluded.video_path, state = 'waiting', percent = 0, message = null,
      queued_at = now(), updated_at = now();
