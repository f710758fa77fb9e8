-- Lessons and guides the owner controls from the studio: she deletes a lesson (its learners' progress goes with
-- it by the foreign key's cascade, the lessons after it move up) or a guide, and she replaces a lesson's video,
-- captions or poster. The files a lesson no longer uses go to public.replaced_lesson_files, which the stream
-- jobs empty after three hours (server/src/lessons/stream-jobs.ts) unless a lesson uses them again: a learner
-- who opened the lesson before the change plays on with the addresses signed for the old files.

-- Files of a lesson that it no longer uses (nulls ignored), and the folder of a stream it no longer plays.
create function public.retire_lesson_files(files text[], stream_path text) returns void
language sql
volatile
set search_path = ''
as $$
  insert into public.replaced_lesson_files (path, is_folder)
  select retired.path, retired.is_folder
    from (select file as path, false as is_folder from unnest(files) as given (file) where file is not null
          union
          select rtrim(public.stream_folder(stream_path), '/'), true where stream_path is not null) as retired
  on conflict (path) do update set replaced_at = now();
$$;
revoke all on function public.retire_lesson_files(text[], text) from public, anon, authenticated;

-- As before (20261130000100), and a saved file that replaces another retires the one it replaces.
create or replace function public.save_lesson(
  lesson_id bigint,
  slug text,
  title text,
  summary text,
  video_path text,
  captions_path text,
  poster_path text,
  duration_seconds integer,
  speaks_to text[],
  is_preview boolean,
  is_published boolean default null,
  place integer default null
) returns public.lessons
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  saved public.lessons;
  before public.lessons;
begin
  -- Serialises the owner's changes to lessons, so the order stays 1..N and a slug is free when it is taken.
  lock table public.lessons in share row exclusive mode;
  perform public.check_lesson(
    lesson_id, slug, title, summary, video_path, captions_path, poster_path, duration_seconds, speaks_to
  );
  if lesson_id is null then
    insert into public.lessons as lesson
      (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index,
       is_published, is_preview, speaks_to)
    values (
      slug, btrim(title), coalesce(btrim(summary), ''), video_path, captions_path, poster_path, duration_seconds,
      (select coalesce(max(other.order_index), 0) + 1 from public.lessons as other),
      coalesce(is_published, false), coalesce(is_preview, false), coalesce(speaks_to, '{}')
    )
    returning * into saved;
    if place is not null then
      -- Just before the lesson now at `place` (past the end: last), the others keeping their order.
      perform public.lessons_reorder(array(
        select ordered.id
          from (select other.id, row_number() over (order by other.order_index, other.id)::numeric as at
                  from public.lessons as other
                 where other.id <> saved.id
                union all
                select saved.id, greatest(place, 1) - 0.5) as ordered
         order by ordered.at));
      select * into saved from public.lessons as lesson where lesson.id = saved.id;
    end if;
  else
    select * into before from public.lessons as lesson where lesson.id = lesson_id;
    if not found then
      raise exception 'No lesson with id %.', lesson_id;
    end if;
    update public.lessons as lesson
       set slug = coalesce(slug, lesson.slug),
           title = coalesce(btrim(title), lesson.title),
           summary = coalesce(btrim(summary), lesson.summary),
           video_path = coalesce(video_path, lesson.video_path),
           stream_path = case when video_path is null then lesson.stream_path end,
           captions_path = coalesce(captions_path, lesson.captions_path),
           poster_path = coalesce(poster_path, lesson.poster_path),
           duration_seconds = coalesce(duration_seconds, lesson.duration_seconds),
           speaks_to = coalesce(speaks_to, lesson.speaks_to),
           is_preview = coalesce(is_preview, lesson.is_preview),
           is_published = coalesce(is_published, lesson.is_published),
           updated_at = now()
     where lesson.id = lesson_id
    returning * into saved;
    perform public.retire_lesson_files(
      array[
        nullif(before.video_path, saved.video_path),
        nullif(before.captions_path, saved.captions_path),
        nullif(before.poster_path, saved.poster_path)
      ],
      case when saved.stream_path is distinct from before.stream_path then before.stream_path end
    );
  end if;
  if video_path is not null then
    delete from public.lesson_stream_jobs as job where job.lesson_id = saved.id;
    insert into public.lesson_stream_jobs (lesson_id, video_path) values (saved.id, saved.video_path);
  end if;
  return saved;
end;
$$;

-- Deletes the lesson for good and answers every lesson left, renumbered 1..N.
create function public.studio_delete_lesson(lesson_id bigint) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  deleted public.lessons;
begin
  perform public.assert_owner();
  lock table public.lessons in share row exclusive mode;
  delete from public.lessons as lesson where lesson.id = lesson_id returning * into deleted;
  if not found then
    raise exception 'No lesson with id %: reload the lessons and try again.', lesson_id;
  end if;
  perform public.retire_lesson_files(
    array[deleted.video_path, deleted.captions_path, deleted.poster_path], deleted.stream_path
  );
  perform public.lessons_reorder(array(
    select lesson.id from public.lessons as lesson order by lesson.order_index, lesson.id
  ));
  return public.studio_lessons();
end;
$$;
revoke all on function public.studio_delete_lesson(bigint) from public, anon;
grant execute on function public.studio_delete_lesson(bigint) to authenticated;

-- And a guide deleted for good (hiding one keeps it); answers every guide left, in carousel order. Its picture
-- stays in the public bucket `guides`, where another guide may show the same one (pictures are named by their
-- content), as the owner's tool leaves it.
create function public.studio_delete_guide(guide_id bigint) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
begin
  perform public.assert_owner();
  delete from public.guides as guide where guide.id = guide_id;
  if not found then
    raise exception 'No guide with id %. Reload the list and try again.', guide_id;
  end if;
  return public.all_guides_in_order();
end;
$$;
revoke all on function public.studio_delete_guide(bigint) from public, anon;
grant execute on function public.studio_delete_guide(bigint) to authenticated;
