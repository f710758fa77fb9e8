-- The studio's lessons: the owner lists every lesson (drafts too), adds or edits one, puts them in
-- order and publishes or unpublishes them, all through these functions. Each checks the caller is an owner
-- first; learners and visitors keep reading lessons only through the row-level security of `lessons` and the
-- view `course_outline`, as before.

-- One lesson as the studio shows it.
create function public.studio_lesson_json(lesson public.lessons) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', lesson.id,
    'slug', lesson.slug,
    'title', lesson.title,
    'summary', lesson.summary,
    'video_path', lesson.video_path,
    'stream_path', lesson.stream_path,
    'captions_path', lesson.captions_path,
    'poster_path', lesson.poster_path,
    'duration_seconds', lesson.duration_seconds,
    'order_index', lesson.order_index,
    'is_published', lesson.is_published,
    'is_preview', lesson.is_preview,
    'speaks_to', to_jsonb(lesson.speaks_to),
    'updated_at', lesson.updated_at
  )
$$;

-- Every lesson in course order, drafts included.
create function public.studio_lessons() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return coalesce(
    (select jsonb_agg(public.studio_lesson_json(lesson) order by lesson.order_index, lesson.id)
       from public.lessons as lesson),
    '[]'::jsonb
  );
end;
$$;

-- A path the studio stores a lesson's file at in the bucket "course": under lessons/, plain segments only.
create function public.studio_lesson_path_is_valid(path text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select path is null
      or (char_length(path) <= 500
          and path ~ '^lessons/[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$'
          and path !~ '(^|/)\.\.?(/|$)')
$$;

-- Adds a lesson (lesson_id null: a draft, last in the course) or edits one (a null field stays as it is).
-- A new video drops the lesson's adaptive stream, which was made of the old one. Answers the lesson.
create function public.studio_save_lesson(
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
           stream_path = case when video_path is null or video_path = lesson.video_path
                              then lesson.stream_path end,
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
  return public.studio_lesson_json(saved);
end;
$$;

-- Puts the lessons in the order given, numbered 1..N in one statement; the owner's tool numbers them with it too.
-- The list must name every lesson once: a list made before another change (a lesson added or removed
-- meanwhile) is refused, not half applied. Callable by the studio's functions and the owner's tool only.
create function public.lessons_reorder(ids bigint[]) returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  -- Serialises the changes to the order (as every writer of it does), so it stays 1..N.
  lock table public.lessons in share row exclusive mode;
  if ids is null
     or cardinality(ids) <> (select count(distinct id) from unnest(ids) as given (id) where id is not null)
     or cardinality(ids) <> (select count(*) from public.lessons)
     or exists (select 1 from unnest(ids) as given (id)
                 where not exists (select 1 from public.lessons as lesson where lesson.id = given.id)) then
    raise exception 'The new order must name every lesson exactly once: reload the lessons and try again.';
  end if;
  update public.lessons as lesson
     set order_index = numbered.position, updated_at = now()
    from unnest(ids) with ordinality as numbered (id, position)
   where lesson.id = numbered.id and lesson.order_index <> numbered.position;
end;
$$;

create function public.studio_reorder_lessons(ids bigint[]) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  perform public.lessons_reorder(ids);
  return public.studio_lessons();
end;
$$;

-- Shows the lesson to signed-in learners (published) or hides it from them at once (their progress is kept);
-- the owner's tool publishes and unpublishes with it too.
create function public.lessons_set_published(lesson_id bigint, published boolean) returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  update public.lessons as lesson
     set is_published = published, updated_at = now()
   where lesson.id = lesson_id;
  if not found then
    raise exception 'No lesson with id %.', lesson_id;
  end if;
end;
$$;

create function public.studio_set_lesson_published(lesson_id bigint, published boolean) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  perform public.lessons_set_published(lesson_id, published);
  return (select public.studio_lesson_json(lesson) from public.lessons as lesson where lesson.id = lesson_id);
end;
$$;

revoke all on function public.studio_lesson_json(public.lessons) from public, anon, authenticated;
revoke all on function public.studio_lesson_path_is_valid(text) from public, anon, authenticated;
revoke all on function public.lessons_reorder(bigint[]) from public, anon, authenticated;
revoke all on function public.lessons_set_published(bigint, boolean) from public, anon, authenticated;
revoke all on function public.studio_lessons() from public, anon;
revoke all on function public.studio_save_lesson(bigint, text, text, text, text, text, text, integer, text[], boolean)
  from public, anon;
revoke all on function public.studio_reorder_lessons(bigint[]) from public, anon;
revoke all on function public.studio_set_lesson_published(bigint, boolean) from public, anon;
grant execute on function public.studio_lessons() to authenticated;
grant execute on function public.studio_save_lesson(bigint, text, text, text, text, text, text, integer, text[], boolean)
  to authenticated;
grant execute on function public.studio_reorder_lessons(bigint[]) to authenticated;
grant execute on function public.studio_set_lesson_published(bigint, boolean) to authenticated;
