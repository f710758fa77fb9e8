-- The site's pictures and teaser, the owner's. The founder's photo, the teaser's poster and the page's share image
-- are site words of the kind 'picture', whose value is the name of a picture she uploaded to the public bucket
-- `guides` (which holds every picture the landing page shows): 32 hex digits of its SHA-256 and its format, as
-- the studio names it. The teaser's video and captions are of the kinds 'video' and 'captions', named as a
-- lesson's are, in the public bucket `teaser`. Empty is the shipped file. site_words_problem is the e-mail words'
-- (20261203000300) with the files' names checked too.

alter table public.site_word_rules drop constraint site_word_rules_kind_check;
alter table public.site_word_rules
  add constraint site_word_rules_kind_check
  check (kind in ('text', 'paragraphs', 'link', 'picture', 'video', 'captions'));

insert into public.site_word_rules (key, kind, max_length, required) values
  ('about.photo', 'picture', 40, false),
  ('teaser.poster', 'picture', 40, false),
  ('teaser.video', 'video', 60, false),
  ('teaser.captions', 'captions', 60, false),
  ('page.shareImage', 'picture', 40, false);

create or replace function public.site_words_problem(words jsonb) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  field record;
  rule public.site_word_rules;
  value text;
  token text;
begin
  if words is null or jsonb_typeof(words) <> 'object' then
    return 'The words must be an object of fields.';
  end if;
  for field in select * from jsonb_each(words) loop
    select * into rule from public.site_word_rules where key = field.key;
    if not found then
      return format('There is no field %s: reload the studio and try again.', field.key);
    end if;
    if jsonb_typeof(field.value) <> 'string' then
      return format('%s must be text.', field.key);
    end if;
    value := field.value #>> '{}';
    if rule.required and btrim(value) = '' then
      return format('%s may not be empty.', field.key);
    end if;
    if char_length(value) > rule.max_length then
      return format('%s is too long: at most %s characters.', field.key, rule.max_length);
    end if;
    if rule.kind = 'link' and value <> ''
       and value !~ '^(https://[^\s/\\]+(/\S*)?|mailto:[^\s@]+@[^\s@]+|/[^\s/\\]\S*|/)$' then
      return format('%s must start with https://, mailto: or / (a page of this site).', field.key);
    end if;
    if rule.kind = 'picture' and value <> '' and value !~ '^[0-9a-f]{32}\.(jpg|png|webp|avif)$' then
      return format('%s must be a picture uploaded in the studio: choose the picture again.', field.key);
    end if;
    if rule.kind = 'video' and value <> '' and value !~ '^video-[0-9a-z]+-[0-9a-z]+\.(mp4|webm)$' then
      return format('%s must be a video uploaded in the studio: choose the video again.', field.key);
    end if;
    if rule.kind = 'captions' and value <> '' and value !~ '^captions-[0-9a-z]+\.vtt$' then
      return format('%s must be captions uploaded in the studio: choose the captions again.', field.key);
    end if;
    if rule.one_line and value ~ '[\r\n]' then
      return format('%s must be one line.', field.key);
    end if;
    if rule.placeholders is not null then
      for token in select match[1] from regexp_matches(value, '(\{[^{}\s]*\}?|\})', 'g') as match loop
        if not (token ~ '^\{[a-z]+\}$' and substr(token, 2, char_length(token) - 2) = any (rule.placeholders)) then
          return format('%s may not use %s: %s', field.key, token,
            case when cardinality(rule.placeholders) = 0 then 'this e-mail fills in nothing in braces.'
                 else 'it can use ' || (select string_agg('{' || name || '}', ', ')
                                          from unnest(rule.placeholders) as name) || '.' end);
        end if;
      end loop;
    end if;
  end loop;
  return null;
end;
$$;

-- On hosted Supabase: the public bucket `teaser` takes the teaser's video and captions only, written by owners
-- as the other buckets are (the embedded server's storage routes apply the same rules and check the bytes).
do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  insert into storage.buckets (id, name, public, allowed_mime_types)
  values ('teaser', 'teaser', true, array['video/mp4', 'video/webm', 'text/vtt'])
    on conflict (id) do nothing;

  drop policy if exists "Owners read every guide file" on storage.objects;
  create policy "Owners read every guide and teaser file" on storage.objects
    for select to authenticated
    using (bucket_id in ('guides', 'teaser') and (select public.is_owner()));

  drop policy if exists "Owners add guide and course files" on storage.objects;
  create policy "Owners add guide, course and teaser files" on storage.objects
    for insert to authenticated
    with check (bucket_id in ('guides', 'course', 'teaser') and (select public.is_owner()));

  drop policy if exists "Owners replace guide and course files" on storage.objects;
  create policy "Owners replace guide, course and teaser files" on storage.objects
    for update to authenticated
    using (bucket_id in ('guides', 'course', 'teaser') and (select public.is_owner()))
    with check (bucket_id in ('guides', 'course', 'teaser') and (select public.is_owner()));

  drop policy if exists "Owners delete guide and course files" on storage.objects;
  create policy "Owners delete guide, course and teaser files" on storage.objects
    for delete to authenticated
    using (bucket_id in ('guides', 'course', 'teaser') and (select public.is_owner()));
end $$;
