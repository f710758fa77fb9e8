-- The site's words, the owner's (docs/decisions/0022-landing-content-settings-and-placeholder-media.md). Each field she may change is a row of
-- site_word_rules; its default is the spec's words in src/content (src/content/site-words.ts), so a fresh install
-- shows exactly the shipped page. What she changes is a draft until she publishes it; each publish is a version
-- she can restore. A value is plain text, never HTML: the pages render it as text.

create table public.site_word_rules (
  key text primary key,
  kind text not null check (kind in ('text', 'paragraphs', 'link')),
  max_length integer not null check (max_length > 0),
  -- An optional field left empty takes nothing's place (a link not shown); a required one may not be empty.
  required boolean not null default true
);

insert into public.site_word_rules (key, kind, max_length, required) values
  ('page.title', 'text', 70, true),
  ('page.description', 'text', 160, true),
  ('hero.eyebrow', 'text', 50, true),
  ('hero.headlineProfane', 'text', 60, true),
  ('hero.headlineClean', 'text', 60, true),
  ('hero.body', 'text', 300, true),
  ('hero.audience', 'text', 120, true),
  ('hero.proof', 'text', 110, true),
  ('about.eyebrow', 'text', 40, true),
  ('about.title', 'text', 90, true),
  ('about.founderName', 'text', 80, true),
  ('about.founderRole', 'text', 100, true),
  ('about.bio', 'paragraphs', 1500, true),
  ('about.photoAlt', 'text', 200, true),
  ('about.stat1Value', 'text', 20, true),
  ('about.stat1Label', 'text', 60, true),
  ('about.stat2Value', 'text', 20, true),
  ('about.stat2Label', 'text', 60, true),
  ('footer.partnersLabel', 'text', 40, false),
  ('footer.partnersHref', 'link', 500, false);

-- The one draft: the fields she changed and has not published yet (or has, and is changing again).
create table public.site_words_draft (
  id boolean primary key default true check (id),
  words jsonb not null default '{}' check (jsonb_typeof(words) = 'object'),
  updated_at timestamptz not null default now()
);
insert into public.site_words_draft default values;

-- Every publish, newest last: the pages show the newest.
create table public.site_words_versions (
  id bigint generated always as identity primary key,
  words jsonb not null check (jsonb_typeof(words) = 'object'),
  published_at timestamptz not null default now(),
  published_by text not null,
  restored_from bigint references public.site_words_versions (id)
);

alter table public.site_word_rules enable row level security;
alter table public.site_words_draft enable row level security;
alter table public.site_words_versions enable row level security;
revoke all on table public.site_word_rules, public.site_words_draft, public.site_words_versions
  from anon, authenticated;
grant all on table public.site_word_rules, public.site_words_draft, public.site_words_versions to service_role;

-- The first problem with `words` in plain words, or null: every key a field, every value text within its rules.
create function public.site_words_problem(words jsonb) returns text
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
  end loop;
  return null;
end;
$$;

-- The signed-in caller's address, as a version names who published it.
create function public.caller_email() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users as u where u.id = (select auth.uid())
$$;

-- What the pages show: the newest version's words (the fields she changed), {} before the first publish. Every
-- page carries them anyway, so a visitor's key may read them too: a static host's build does, with the anon key.
create function public.published_site_words() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select version.words from public.site_words_versions as version order by version.id desc limit 1),
    '{}'::jsonb
  )
$$;

-- The studio's view: the draft, what is published, the rules, and the last 20 versions.
create function public.studio_site_words() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return jsonb_build_object(
    'draft', (select draft.words from public.site_words_draft as draft),
    'published', public.published_site_words(),
    'versions', coalesce(
      (select jsonb_agg(jsonb_build_object(
                'id', version.id,
                'published_at', version.published_at,
                'published_by', version.published_by,
                'restored_from', version.restored_from
              ) order by version.id desc)
         from (select * from public.site_words_versions order by id desc limit 20) as version),
      '[]'::jsonb
    )
  );
end;
$$;

-- Keeps `words` as the draft (the fields that differ from the defaults), refused whole when any is wrong.
create function public.studio_save_site_words(words jsonb) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  problem text;
begin
  perform public.assert_owner();
  problem := public.site_words_problem(words);
  if problem is not null then
    raise exception '%', problem;
  end if;
  update public.site_words_draft set words = words, updated_at = now();
  return public.studio_site_words();
end;
$$;

-- Publishes the draft as the newest version.
create function public.studio_publish_site_words() returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  insert into public.site_words_versions (words, published_by)
  select draft.words, public.caller_email() from public.site_words_draft as draft;
  return public.studio_site_words();
end;
$$;

-- Publishes an earlier version again, as the newest, and makes it the draft.
create function public.studio_restore_site_words(version_id bigint) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  restored public.site_words_versions;
begin
  perform public.assert_owner();
  select * into restored from public.site_words_versions as version where version.id = version_id;
  if not found then
    raise exception 'No published version %: reload the studio and try again.', version_id;
  end if;
  update public.site_words_draft set words = restored.words, updated_at = now();
  insert into public.site_words_versions (words, published_by, restored_from)
  values (restored.words, public.caller_email(), restored.id);
  return public.studio_site_words();
end;
$$;

revoke all on function public.site_words_problem(jsonb), public.published_site_words(), public.caller_email()
  from public, anon, authenticated;
grant execute on function public.published_site_words() to anon, service_role;
revoke all on function public.studio_site_words(), public.studio_save_site_words(jsonb),
  public.studio_publish_site_words(), public.studio_restore_site_words(bigint) from public, anon;
grant execute on function public.studio_site_words(), public.studio_save_site_words(jsonb),
  public.studio_publish_site_words(), public.studio_restore_site_words(bigint) to authenticated;
