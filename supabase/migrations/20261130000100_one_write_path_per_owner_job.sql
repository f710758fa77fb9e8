-- One write path per owner job (docs/decisions/0149): the rules of a lesson and of a guide live here once, in the
-- tables' checks and in save_lesson / save_guide, which the studio's functions (after the owner check) and the
-- owner's tool both call. Nobody calls them through the API.
--
-- A refusal is a plain exception (the studio shows its words) that names the rule it applies: the table check of
-- the same name (`constraint`), or, for a rule only these functions hold, the column (`column`). The owner's tool
-- says each rule in its own words by that name.

-- Each rule a check of its own, so that a refusal can name the one that was broken.
alter table public.lessons
  drop constraint lessons_slug_check,
  add constraint lessons_slug_length check (char_length(slug) <= 80),
  add constraint lessons_slug_words check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- A slug of digits alone would read as a lesson's id on the owner's command line.
  add constraint lessons_slug_letter check (slug ~ '[a-z]'),
  drop constraint lessons_title_check,
  add constraint lessons_title_not_empty check (btrim(title) <> ''),
  add constraint lessons_title_length check (char_length(title) <= 200);

alter table public.guides
  drop constraint guides_name_check,
  add constraint guides_name_not_empty check (btrim(name) <> ''),
  add constraint guides_name_length check (char_length(name) <= 120),
  drop constraint guides_title_check,
  add constraint guides_title_not_empty check (btrim(title) <> ''),
  add constraint guides_title_length check (char_length(title) <= 200);

-- The rules of a lesson's fields (a null field is one the save leaves as it is), refused before anything is
-- written: the owner's tool asks before it uploads a lesson's files, so that a refused lesson costs no upload.
create function public.check_lesson(
  lesson_id bigint,
  slug text,
  title text,
  summary text,
  video_path text,
  captions_path text,
  poster_path text,
  duration_seconds integer,
  speaks_to text[]
) returns void
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  broken text;
begin
  broken := case
    when char_length(slug) > 80 then 'lessons_slug_length'
    when slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then 'lessons_slug_words'
    when slug !~ '[a-z]' then 'lessons_slug_letter'
  end;
  if broken is not null then
    raise exception 'The link name "%" must be lower-case letters and digits in words joined by single hyphens (at most 80 characters, with a letter).', slug
      using constraint = broken;
  end if;
  broken := case
    when btrim(title) = '' then 'lessons_title_not_empty'
    when char_length(btrim(title)) > 200 then 'lessons_title_length'
  end;
  if broken is not null then
    raise exception 'The title must have 1 to 200 characters.' using constraint = broken;
  end if;
  if char_length(btrim(summary)) > 1000 then
    raise exception 'The summary must have at most 1000 characters.' using constraint = 'lessons_summary_check';
  end if;
  if duration_seconds < 1 then
    raise exception 'The length must be at least one second.' using constraint = 'lessons_duration_seconds_check';
  end if;
  broken := case
    when not public.studio_lesson_path_is_valid(video_path) then 'video_path'
    when not public.studio_lesson_path_is_valid(captions_path) then 'captions_path'
    when not public.studio_lesson_path_is_valid(poster_path) then 'poster_path'
  end;
  if broken is not null then
    raise exception 'A lesson''s files must be in the folder lessons/ of the bucket "course".' using column = broken;
  end if;
  if not public.lesson_tags_are_valid(speaks_to) then
    raise exception 'A lesson speaks to at most 40 options, each of 1 to 60 characters.'
      using constraint = 'lessons_speaks_to_check';
  end if;
  if exists (
    select 1 from public.lessons as other where other.slug = slug and other.id is distinct from lesson_id
  ) then
    raise exception 'The link name "%" is already used by another lesson: choose another.', slug
      using constraint = 'lessons_slug_key';
  end if;
  if lesson_id is null and (slug is null or btrim(title) is null or video_path is null or duration_seconds is null) then
    raise exception 'A new lesson needs a link name, a title, a video and its length.';
  end if;
end;
$$;

-- Adds a lesson (lesson_id null: unpublished unless is_published, last unless `place` puts it elsewhere, the
-- lessons from there moving down one) or edits one (a null field stays as it is). Title and summary are trimmed.
-- A save that names a video (a new upload, perhaps under the same fixed name as the last) drops the lesson's
-- adaptive stream, which was made of the old one, and queues a job to make one of the new video
-- (server/src/lessons/stream-jobs.ts), replacing the lesson's earlier job. Answers the lesson.
create function public.save_lesson(
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
    if not found then
      raise exception 'No lesson with id %.', lesson_id;
    end if;
  end if;
  if video_path is not null then
    delete from public.lesson_stream_jobs as job where job.lesson_id = saved.id;
    insert into public.lesson_stream_jobs (lesson_id, video_path) values (saved.id, saved.video_path);
  end if;
  return saved;
end;
$$;

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
begin
  perform public.assert_owner();
  return public.studio_lesson_json(public.save_lesson(
    lesson_id, slug, title, summary, video_path, captions_path, poster_path, duration_seconds, speaks_to,
    is_preview
  ));
end;
$$;

-- Adds a guide (guide_id null: shown unless is_active is false, at the end of the carousel unless order_index
-- says where) or changes one (a null field stays as it is). Names and titles are trimmed; a blank quote or picture
-- means none. A guide put at an order another guide holds makes room: that guide and every one after it move
-- down one. Answers the guide.
create function public.save_guide(
  guide_id bigint,
  name text,
  title text,
  quote text,
  image_url text,
  order_index integer default null,
  is_active boolean default null
) returns public.guides
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  clean_name text := btrim(case when guide_id is null then coalesce(name, '') else name end);
  clean_title text := btrim(case when guide_id is null then coalesce(title, '') else title end);
  clean_quote text := btrim(quote);
  clean_image text := btrim(image_url);
  existing public.guides;
  saved public.guides;
begin
  if clean_name = '' then
    raise exception 'Name must not be empty.' using constraint = 'guides_name_not_empty';
  elsif char_length(clean_name) > 120 then
    raise exception 'Name must be at most 120 characters.' using constraint = 'guides_name_length';
  elsif clean_title = '' then
    raise exception 'Title must not be empty.' using constraint = 'guides_title_not_empty';
  elsif char_length(clean_title) > 200 then
    raise exception 'Title must be at most 200 characters.' using constraint = 'guides_title_length';
  elsif char_length(clean_quote) > 600 then
    raise exception 'Quote must be at most 600 characters.' using constraint = 'guides_quote_check';
  elsif clean_image <> ''
    and (char_length(clean_image) > 2000
         or not (clean_image ~* '^https?://[^\s/]+\S*$'
                 or (clean_image ~ '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$'
                     and '/' || clean_image || '/' !~ '/\.+/'))) then
    raise exception 'Picture must be an http(s) address or a path in the guides bucket.'
      using column = 'image_url';
  end if;

  -- Serialises the changes to the order, so two adds at once never take the same place.
  lock table public.guides in share row exclusive mode;
  if guide_id is not null then
    select * into existing from public.guides as g where g.id = guide_id for update;
    if not found then
      raise exception 'No guide with id %. Reload the list and try again.', guide_id;
    end if;
  end if;
  if order_index is not null and order_index is distinct from existing.order_index then
    update public.guides as g
       set order_index = g.order_index + 1
     where g.order_index >= order_index and g.id is distinct from guide_id
       and exists (select 1 from public.guides as other
                    where other.order_index = order_index and other.id is distinct from guide_id);
  end if;

  if guide_id is null then
    insert into public.guides (name, title, quote, image_url, order_index, is_active)
    values (
      clean_name, clean_title, nullif(clean_quote, ''), nullif(clean_image, ''),
      coalesce(order_index, (select coalesce(max(g.order_index), 0) + 1 from public.guides as g)),
      coalesce(is_active, true)
    )
    returning * into saved;
  else
    update public.guides as g
       set name = coalesce(clean_name, g.name),
           title = coalesce(clean_title, g.title),
           quote = case when clean_quote is null then g.quote else nullif(clean_quote, '') end,
           image_url = case when clean_image is null then g.image_url else nullif(clean_image, '') end,
           order_index = coalesce(order_index, g.order_index),
           is_active = coalesce(is_active, g.is_active)
     where g.id = guide_id
    returning * into saved;
  end if;
  return saved;
end;
$$;

-- The studio's form sends every field: a missing quote or picture means none.
create or replace function public.studio_save_guide(
  guide_id bigint,
  name text,
  title text,
  quote text,
  image_url text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  perform public.save_guide(
    studio_save_guide.guide_id,
    coalesce(studio_save_guide.name, ''),
    coalesce(studio_save_guide.title, ''),
    coalesce(studio_save_guide.quote, ''),
    coalesce(studio_save_guide.image_url, '')
  );
  return public.all_guides_in_order();
end;
$$;

create or replace function public.studio_set_guide_active(guide_id bigint, active boolean) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  if active is null then
    raise exception 'Say whether the guide is shown (true) or hidden (false).';
  end if;
  -- A null id would be a new guide to save_guide.
  if guide_id is null then
    raise exception 'No guide with id %. Reload the list and try again.', guide_id;
  end if;
  perform public.save_guide(guide_id, null, null, null, null, null, active);
  return public.all_guides_in_order();
end;
$$;

revoke all on function public.check_lesson(bigint, text, text, text, text, text, text, integer, text[])
  from public, anon, authenticated;
revoke all on function public.save_lesson(
  bigint, text, text, text, text, text, text, integer, text[], boolean, boolean, integer
) from public, anon, authenticated;
revoke all on function public.save_guide(bigint, text, text, text, text, integer, boolean)
  from public, anon, authenticated;
