-- The studio's Guides panel: the owner lists, adds, edits, reorders and shows or hides the landing page's guides
-- through these functions only. Each runs as its definer after `public.assert_owner()`, so learners and visitors
-- keep reading nothing but the active guides (the table's row-level security is unchanged). Each answers the
-- whole list afterwards, in carousel order, so the panel shows what the database now holds.

-- Every guide, the hidden ones too, in carousel order. Not granted to anyone: the studio functions call it.
create function public.all_guides_in_order() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object(
        'id', g.id,
        'name', g.name,
        'title', g.title,
        'quote', g.quote,
        'image_url', g.image_url,
        'order_index', g.order_index,
        'is_active', g.is_active
      )
      order by g.order_index, g.id
    ),
    '[]'::jsonb
  )
  from public.guides g;
$$;

create function public.studio_guides() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return public.all_guides_in_order();
end;
$$;

-- Adds a guide (guide_id null: at the end of the carousel, shown) or changes one's words and picture. The rules
-- are the owner's tool's (admin/guides-admin.ts, with src/lib/guide-rules.ts): names and titles trimmed and not
-- empty, a blank quote or picture meaning none, and a picture that is an http(s) address or a path in the
-- public bucket "guides". A refusal is a plain exception (400) whose message names the field.
create function public.studio_save_guide(
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
declare
  clean_name text := btrim(coalesce(studio_save_guide.name, ''));
  clean_title text := btrim(coalesce(studio_save_guide.title, ''));
  clean_quote text := nullif(btrim(coalesce(studio_save_guide.quote, '')), '');
  clean_image text := nullif(btrim(coalesce(studio_save_guide.image_url, '')), '');
begin
  perform public.assert_owner();
  if clean_name = '' then
    raise exception 'Name must not be empty.';
  elsif char_length(clean_name) > 120 then
    raise exception 'Name must be at most 120 characters.';
  elsif clean_title = '' then
    raise exception 'Title must not be empty.';
  elsif char_length(clean_title) > 200 then
    raise exception 'Title must be at most 200 characters.';
  elsif char_length(clean_quote) > 600 then
    raise exception 'Quote must be at most 600 characters.';
  elsif char_length(clean_image) > 2000
     or not (clean_image ~* '^https?://[^\s/]+\S*$'
             or (clean_image ~ '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$'
                 and '/' || clean_image || '/' !~ '/\.+/')) then
    raise exception 'Picture must be an http(s) address or a path in the guides bucket.';
  end if;

  if studio_save_guide.guide_id is null then
    -- The guides are locked so two adds at once never take the same place.
    lock table public.guides in share row exclusive mode;
    insert into public.guides (name, title, quote, image_url, order_index, is_active)
    select clean_name, clean_title, clean_quote, clean_image, coalesce(max(g.order_index), 0) + 1, true
      from public.guides g;
  else
    update public.guides g
       set name = clean_name, title = clean_title, quote = clean_quote, image_url = clean_image
     where g.id = studio_save_guide.guide_id;
    if not found then
      raise exception 'No guide with id %. Reload the list and try again.', studio_save_guide.guide_id;
    end if;
  end if;
  return public.all_guides_in_order();
end;
$$;

-- Puts the guides in the order given: positions 1, 2, 3… in one statement. The list must name every guide exactly
-- once, so a list read before someone else added or removed one is refused rather than half applied.
create function public.studio_reorder_guides(guide_ids bigint[]) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  lock table public.guides in share row exclusive mode;
  if guide_ids is null
     or cardinality(guide_ids) <> (select count(*) from public.guides)
     or cardinality(guide_ids) <> (select count(distinct wanted) from unnest(guide_ids) as wanted)
     or exists (select 1 from unnest(guide_ids) as wanted
                 where not exists (select 1 from public.guides g where g.id = wanted)) then
    raise exception 'The new order must list every guide exactly once. Reload the list and try again.';
  end if;
  update public.guides g
     set order_index = o.place
    from unnest(guide_ids) with ordinality as o(id, place)
   where g.id = o.id;
  return public.all_guides_in_order();
end;
$$;

-- Shows (active) or hides a guide in the carousel; it stays in the studio's list either way.
create function public.studio_set_guide_active(guide_id bigint, active boolean) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  if active is null then
    raise exception 'Say whether the guide is shown (true) or hidden (false).';
  end if;
  update public.guides g set is_active = studio_set_guide_active.active where g.id = studio_set_guide_active.guide_id;
  if not found then
    raise exception 'No guide with id %. Reload the list and try again.', studio_set_guide_active.guide_id;
  end if;
  return public.all_guides_in_order();
end;
$$;

revoke all on function public.all_guides_in_order() from public, anon, authenticated;
revoke all on function public.studio_guides() from public, anon;
revoke all on function public.studio_save_guide(bigint, text, text, text, text) from public, anon;
revoke all on function public.studio_reorder_guides(bigint[]) from public, anon;
revoke all on function public.studio_set_guide_active(bigint, boolean) from public, anon;
grant execute on function public.studio_guides() to authenticated;
grant execute on function public.studio_save_guide(bigint, text, text, text, text) to authenticated;
grant execute on function public.studio_reorder_guides(bigint[]) to authenticated;
grant execute on function public.studio_set_guide_active(bigint, boolean) to authenticated;
