-- The e-mails' words, the owner's too: the subject, opening, button and closing of the course e-mail, of the
-- sign-in link e-mail and of the reminder are site-words fields (keys `email.*`), in the same draft, versions and
-- restore as the page's words. Their defaults are src/content/emails.ts. What keeps an e-mail honest and working
-- (its link, its code and how to use it, why it came, the reminder's unsubscribe) is no field: it stays as shipped.
-- The pages carry only the page's words; the e-mail core reads the e-mails' at send time.

-- `placeholders`: the words in braces a field's e-mail fills in (null: braces are plain text, as on the page); any
-- other brace is refused. `one_line`: a subject or a button has no line break.
alter table public.site_word_rules
  add column placeholders text[],
  add column one_line boolean not null default false;

insert into public.site_word_rules (key, kind, max_length, required, placeholders, one_line) values
  ('email.course.subject', 'text', 120, true, '{}', true),
  ('email.course.intro', 'text', 600, true, '{}', false),
  ('email.course.buttonLabel', 'text', 40, true, '{}', true),
  ('email.course.closing', 'text', 300, true, '{}', false),
  ('email.signIn.subject', 'text', 120, true, '{}', true),
  ('email.signIn.intro', 'text', 600, true, '{}', false),
  ('email.signIn.buttonLabel', 'text', 40, true, '{}', true),
  ('email.signIn.closing', 'text', 300, true, '{}', false),
  ('email.reminder.subject', 'text', 120, true, '{lesson,left}', true),
  ('email.reminder.introStopped', 'text', 300, true, '{lesson,position,left}', false),
  ('email.reminder.introNotStarted', 'text', 300, true, '{lesson,left}', false),
  ('email.reminder.leftOne', 'text', 200, true, '{lesson,left}', false),
  ('email.reminder.leftMany', 'text', 200, true, '{lesson,left}', false),
  ('email.reminder.buttonLabel', 'text', 40, true, '{}', true),
  ('email.reminder.closing', 'text', 300, true, '{}', false);

-- The first problem with `words` in plain words, or null: as before, and an e-mail's field uses only the
-- placeholders its e-mail fills in (a misspelt one, `{lessons}` or `{lesson`, is named), on one line if it must be.
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

-- The newest version's words whole ({} before the first publish), for the studio and the e-mails.
create function public.published_words() returns jsonb
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

-- What the pages show and carry: the published words of the page, without the e-mails'.
create or replace function public.published_site_words() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(word.key, word.value), '{}'::jsonb)
    from jsonb_each(public.published_words()) as word
   where word.key not like 'email.%'
$$;

-- What the e-mail core fills its e-mails with at send time: the published words of the e-mails.
create function public.published_email_words() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(word.key, word.value), '{}'::jsonb)
    from jsonb_each(public.published_words()) as word
   where word.key like 'email.%'
$$;

-- The studio's view, as before, with everything published: the page's words and the e-mails'.
create or replace function public.studio_site_words() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return jsonb_build_object(
    'draft', (select draft.words from public.site_words_draft as draft),
    'published', public.published_words(),
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

revoke all on function public.published_words(), public.published_email_words() from public, anon, authenticated;
grant execute on function public.published_email_words() to service_role;
