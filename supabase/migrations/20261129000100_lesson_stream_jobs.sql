-- Adaptive streams of the studio's uploads (docs/decisions/0140): each video the studio saves gets a job here;
-- the embedded server (or, for hosted Supabase, `npm run admin -- lessons make-streams`) takes the waiting jobs
-- one at a time, makes the HLS ladder with ffmpeg, and sets the lesson's stream_path. The studio reads the jobs'
-- states through studio_lesson_streams(); nobody reads the table through the API.
create table public.lesson_stream_jobs (
  id bigint generated always as identity primary key,
  lesson_id bigint not null unique references public.lessons (id) on delete cascade,
  -- The lesson's video this job is about: a job whose lesson has another video since is stale and ignored.
  -- Once done, the faststart MP4 that replaced the upload.
  video_path text not null,
  state text not null default 'waiting' check (state in ('waiting', 'working', 'done', 'failed')),
  percent smallint not null default 0 check (percent between 0 and 100),
  -- Why a failed job's lesson plays as uploaded.
  message text,
  queued_at timestamptz not null default now(),
  -- Moves on with the percent: a job left working, unchanged for long, belongs to a process that died.
  updated_at timestamptz not null default now()
);

alter table public.lesson_stream_jobs enable row level security;
revoke all on table public.lesson_stream_jobs from anon, authenticated;
grant all on table public.lesson_stream_jobs to service_role;

-- studio_save_lesson as before, with one change: a save that names a video (a new upload, perhaps under the
-- same fixed name as the last) drops the lesson's adaptive stream and queues a job to make one of the new video,
-- replacing the lesson's earlier job. Answers the lesson.
create or replace function public.studio_save_lesson(
  lesson_id bigint default null,
  slug text default null,
  title text default null,
  summary text default null,
  video_path text default null,
  captions_path text default null,
  poster_path text default null,
  duration_seconds integer default null,
  speaks_to text[] default null,
  is_preview boolean default null
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  saved public.lessons;
  clean_title text := btrim(title);
  clean_summary text := btrim(summary);
begin
  perform public.assert_owner();
  if slug is not null
     and (char_length(slug) > 80 or slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or slug !~ '[a-z]') then
    raise exception 'The link name "%" must be lower-case letters and digits in words joined by single hyphens (at most 80 characters, with a letter).', slug;
  end if;
  if clean_title is not null and char_length(clean_title) not between 1 and 200 then
    raise exception 'The title must have 1 to 200 characters.';
  end if;
  if clean_summary is not null and char_length(clean_summary) > 1000 then
    raise exception 'The summary must have at most 1000 characters.';
  end if;
  if duration_seconds is not null and duration_seconds < 1 then
    raise exception 'The length must be at least one second.';
  end if;
  if not (public.studio_lesson_path_is_valid(video_path)
          and public.studio_lesson_path_is_valid(captions_path)
          and public.studio_lesson_path_is_valid(poster_path)) then
    raise exception 'A lesson''s files must be in the folder lessons/ of the bucket "course".';
  end if;
  if speaks_to is not null and not public.lesson_tags_are_valid(speaks_to) then
    raise exception 'A lesson speaks to at most 40 options, each of 1 to 60 characters.';
  end if;
  -- Serialises the owner's changes to lessons (as the owner's tool does), so the order stays 1..N.
  lock table public.lessons in share row exclusive mode;
  if slug is not null and exists (
    select 1 from public.lessons as other where other.slug = slug and other.id is distinct from lesson_id
  ) then
    raise exception 'The link name "%" is already used by another lesson: choose another.', slug;
  end if;

  if lesson_id is null then
    if slug is null or clean_title is null or video_path is null or duration_seconds is null then
    raise exception 'A new lesson needs a link name, a title, a video and its length.';
    end if;
    insert into public.lessons as lesson
      (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index,
       is_published, is_preview, speaks_to)
    values (
      slug, clean_title, coalesce(clean_summary, ''), video_path, captions_path, poster_path, duration_seconds,
      (select coalesce(max(other.order_index), 0) + 1 from public.lessons as other),
      false, coalesce(is_preview, false), coalesce(speaks_to, '{}')
    )
    returning * into saved;
  else
    update public.lessons as lesson
       set slug = coalesce(slug, lesson.slug),
           title = coalesce(clean_title, lesson.title),
           summary = coalesce(clean_summary, lesson.summary),
           video_path = coalesce(video_path, lesson.video_path),
           stream_path = case when video_path is null then lesson.stream_path end,
           captions_path = coalesce(captions_path, lesson.captions_path),
           poster_path = coalesce(poster_path, lesson.poster_path),
           duration_seconds = coalesce(duration_seconds, lesson.duration_seconds),
           speaks_to = coalesce(speaks_to, lesson.speaks_to),
           is_preview = coalesce(is_preview, lesson.is_preview),
           updated_at = now()
     where lesson.id = lesson_id
    returning * into saved;
    if not found then
      raise exception 'No lesson with id %.', lesson_id;
    end if;
  end if;
  if video_path is not null then
    delete from public.lesson_stream_jobs as job where job.lesson_id = saved.id;
    insert into public.lesson_stream_jobs (lesson_id, video_path) values (saved.id, saved.video_path);
  end if;
  return public.studio_lesson_json(saved);
end;
$$;

-- Each lesson's stream job as the studio shows it (jobs of a video the lesson no longer has are left out).
create function public.studio_lesson_streams() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return coalesce(
    (select jsonb_agg(
              jsonb_build_object(
                'lesson_id', job.lesson_id,
                'state', job.state,
                'percent', job.percent,
                'message', job.message
              )
              order by job.lesson_id)
       from public.lesson_stream_jobs as job
       join public.lessons as lesson on lesson.id = job.lesson_id and lesson.video_path = job.video_path),
    '[]'::jsonb
  );
end;
$$;

revoke all on function public.studio_lesson_streams() from public, anon;
grant execute on function public.studio_lesson_streams() to authenticated;
