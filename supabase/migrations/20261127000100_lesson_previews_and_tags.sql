-- Lessons the owner marks as free previews, which anyone may watch without signing in, and public tags naming
-- whom each lesson speaks to (docs/decisions/0125-preview-lessons-are-public.md).
--
-- speaks_to holds option strings of the sign-up questionnaire (src/content/signup.ts): worry labels, age-group
-- ids and strength labels. The page matches them against the visitor's answers on the visitor's device; the
-- tags say nothing about any visitor.
create function public.lesson_tags_are_valid(tags text[]) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select cardinality(tags) <= 40
    and not exists (select from unnest(tags) as tag where tag is null or char_length(tag) not between 1 and 60)
$$;

comment on function public.lesson_tags_are_valid(text[]) is
  'The check of lessons.speaks_to: at most 40 tags, each 1–60 characters.';

alter table public.lessons
  add column is_preview boolean not null default false,
  add column speaks_to text[] not null default '{}'
    constraint lessons_speaks_to_check check (public.lesson_tags_are_valid(speaks_to));

-- The outline now also names, for preview lessons only, the files a visitor may play: their video, captions and
-- poster. Every other lesson keeps its paths hidden, but for the first lesson's poster as before. Columns are
-- appended, so `create or replace` keeps the view's grants and the storage policy that reads it.
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
  case when is_preview then captions_path end as captions_path
from public.lessons
where is_published
order by order_index, id;

comment on view public.course_outline is
  'Published lessons as anyone may see them, with the files of preview lessons; bypasses the RLS of lessons by design (owner''s rights).';

revoke all on table public.course_outline from anon, authenticated;
grant select on table public.course_outline to anon, authenticated, service_role;

-- The placeholder course of an existing installation gets its preview and tags (a new one gets them from
-- supabase/seeds/lessons.sql). An owner's own lessons, and tags or previews already chosen, are left alone.
update public.lessons set is_preview = true
 where slug = 'why-three-lenses'
   and not exists (select 1 from public.lessons where is_preview);

update public.lessons as lesson set speaks_to = placeholder.speaks_to
  from (values
    ('the-trends-lens', array['AI taking over jobs', 'Automation', 'Staying relevant', 'Job security',
      'Climate change', 'Cost of living', 'Relocation', 'Technology', 'Tech skills', 'Data analysis']),
    ('the-strengths-lens', array['Starting my first job', 'Career change', 'under25', 'Problem-solving',
      'Communication', 'Creativity', 'Leadership', 'Empathy', 'Mentoring', 'Advisory', 'Science', 'Math',
      'Art & Design']),
    ('the-dreams-lens', array['Purpose & meaning', 'Burnout', 'Work/life balance', 'Career change', 'Music',
      'Drama/Theatre', 'Writing', 'Volunteering']),
    ('from-opportunities-to-action', array['Career change', 'Starting my first job', 'Job security',
      'Cost of living', '55plus', '45-55', 'Consulting', 'Board work', 'Strategy'])
  ) as placeholder (slug, speaks_to)
 where lesson.slug = placeholder.slug and lesson.speaks_to = '{}';

-- On hosted Supabase: anyone may read (and so sign a URL for) the files the outline names, the preview lessons'
-- video, captions and poster and the first lesson's poster, and no other file of the bucket "course". The
-- embedded server applies the same rule in its storage routes.
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  drop policy if exists "Visitors read the first lesson's poster" on storage.objects;
  drop policy if exists "Visitors read the preview lessons' files and the first poster" on storage.objects;
  create policy "Visitors read the preview lessons' files and the first poster" on storage.objects
    for select to anon, authenticated
    using (
      bucket_id = 'course'
      and exists (
        select 1 from public.course_outline as outline
        where storage.objects.name in (outline.poster_path, outline.video_path, outline.captions_path)
      )
    );
end $$;
