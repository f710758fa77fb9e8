-- The course's public outline: what anyone may know of the published lessons before signing in (the landing
-- page and /course show it at once), and the one course file a visitor may see, the first lesson's poster.
--
-- An owner's-rights view (security_invoker = false), on purpose: it reads public.lessons past the table's
-- row-level security, which shows anon nothing, and lets through only the columns and rows named here:
-- published lessons, no video or captions path, and a poster path for the first lesson alone.
-- security_barrier keeps a caller's own filters from running before the view's `where is_published`.
create view public.course_outline
  with (security_invoker = false, security_barrier = true)
as
select
  slug,
  title,
  summary,
  duration_seconds,
  order_index,
  case when row_number() over (order by order_index, id) = 1 then poster_path end as poster_path
from public.lessons
where is_published
order by order_index, id;

comment on view public.course_outline is
  'Published lessons as anyone may see them; bypasses the RLS of lessons by design (owner''s rights).';

-- Hosted Supabase grants every new public relation to the API roles by default; keep only what is meant.
revoke all on table public.course_outline from anon, authenticated;
grant select on table public.course_outline to anon, authenticated, service_role;

-- On hosted Supabase: anyone may read (and so sign a URL for) the first published lesson's poster, and no
-- other file of the bucket "course". The embedded server applies the same rule in its storage routes.
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  drop policy if exists "Visitors read the first lesson's poster" on storage.objects;
  create policy "Visitors read the first lesson's poster" on storage.objects
    for select to anon, authenticated
    using (
      bucket_id = 'course'
      and name = (select outline.poster_path from public.course_outline as outline where outline.poster_path is not null)
    );
end $$;
