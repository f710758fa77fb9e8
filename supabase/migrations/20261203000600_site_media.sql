-- The site's pictures, the owner's: the founder's photo, the teaser's poster and the page's share image are
-- site words of the kind 'picture', whose value is the name of a picture she uploaded to the public bucket
-- `guides` (which holds every picture the landing page shows): 32 hex digits of its SHA-256 and its format, as
-- the studio names it. Empty is the shipped picture.

alter table public.site_word_rules drop constraint site_word_rules_kind_check;
alter table public.site_word_rules
  add constraint site_word_rules_kind_check check (kind in ('text', 'paragraphs', 'link', 'picture'));

insert into public.site_word_rules (key, kind, max_length, required) values
  ('about.photo', 'picture', 40, false),
  ('teaser.poster', 'picture', 40, false),
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
  end loop;
  return null;
end;
$$;
