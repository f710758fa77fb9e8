-- The studio's launch checklist: what of the shipped site still shows (the founder, the invented guides, the
-- placeholder lessons, the hero's claims, the teaser, no privacy contact) and which settings still are a
-- developer's machine's (the file mailbox, a local SITE_URL). Each item ticks itself from the database; the owner
-- may hide the list, on every device she signs in on.

-- What the server that sends the e-mail runs with, as it last said at its start: the embedded server (its
-- transport and SITE_URL's first address) or, on hosted Supabase, the send-email function (always Resend). None
-- before either has started.
create table public.launch_facts (
  id boolean primary key default true check (id),
  mail_transport text not null check (mail_transport in ('file', 'smtp', 'resend')),
  site_url text not null,
  recorded_at timestamptz not null default now()
);

-- The owners who hid the checklist; an owner removed takes hers along.
create table public.launch_checklist_dismissals (
  email text primary key references public.owners (email) on delete cascade,
  dismissed_at timestamptz not null default now()
);

alter table public.launch_facts enable row level security;
alter table public.launch_checklist_dismissals enable row level security;
revoke all on table public.launch_facts, public.launch_checklist_dismissals from anon, authenticated;
grant all on table public.launch_facts, public.launch_checklist_dismissals to service_role;

-- Called by the server and the send-email function at their start.
create function public.record_launch_facts(mail_transport text, site_url text) returns void
language sql
volatile
set search_path = ''
as $$
  insert into public.launch_facts (mail_transport, site_url) values (mail_transport, site_url)
  on conflict (id) do update
    set mail_transport = excluded.mail_transport, site_url = excluded.site_url, recorded_at = now()
$$;

-- Whether the published `words` give `key` words of her own (not empty).
create function public.is_changed_site_word(words jsonb, key text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(btrim(words ->> key), '') <> ''
$$;

-- Each item as {key, done} and what the studio says of it. The published words hold only the fields she changed
-- (the studio keeps those that differ from the shipped words), so a field with words in them is hers. The
-- placeholders are the sample content of supabase/seeds: the guides by their illustrations or names, the lessons
-- by their videos (hers are stored under other names).
create function public.launch_checklist_items() returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  words jsonb := public.published_site_words();
  invented_guides integer;
  placeholder_lessons integer;
  facts public.launch_facts;
  site_is_local boolean;
begin
  select count(*) into invented_guides
    from public.guides as guide
   where guide.is_active
     and (guide.image_url in ('amara-okafor.svg', 'daniel-weber.svg', 'mei-lin-chen.svg', 'rafael-santos.svg',
                              'priya-raman.svg', 'tom-osei.svg', 'helen-park.svg')
          or guide.name in ('Amara Okafor', 'Daniel Weber', 'Mei-Lin Chen', 'Rafael Santos', 'Priya Raman',
                            'Tom Osei', 'Helen Park'));
  select count(*) into placeholder_lessons
    from public.lessons as lesson
   where lesson.is_published
     and lesson.video_path in ('lessons/why-three-lenses.mp4', 'lessons/the-trends-lens.mp4',
                               'lessons/the-strengths-lens.mp4', 'lessons/the-dreams-lens.mp4',
                               'lessons/from-opportunities-to-action.mp4');
  select * into facts from public.launch_facts;
  site_is_local := facts.site_url is null
    or facts.site_url ~* '^https?://(localhost|[^/:]*\.localhost|127(\.[0-9]{1,3}){3}|\[::1\]|0\.0\.0\.0)(:[0-9]+)?(/|$)';
  return jsonb_build_array(
    jsonb_build_object('key', 'founder', 'done',
      public.is_changed_site_word(words, 'about.founderName') and public.is_changed_site_word(words, 'about.photo')),
    jsonb_build_object('key', 'guides', 'done', invented_guides = 0, 'left', invented_guides),
    jsonb_build_object('key', 'lessons', 'done', placeholder_lessons = 0, 'left', placeholder_lessons),
    jsonb_build_object('key', 'hero', 'done',
      public.is_changed_site_word(words, 'hero.body') and public.is_changed_site_word(words, 'hero.proof')),
    jsonb_build_object('key', 'teaser', 'done',
      public.is_changed_site_word(words, 'teaser.video') and public.is_changed_site_word(words, 'teaser.caption')),
    jsonb_build_object('key', 'email', 'done', coalesce(facts.mail_transport in ('smtp', 'resend'), false),
      'transport', facts.mail_transport),
    jsonb_build_object('key', 'siteUrl', 'done', not site_is_local, 'address', facts.site_url),
    jsonb_build_object('key', 'privacy', 'done', public.is_changed_site_word(words, 'privacy.contact'))
  );
end;
$$;

-- The checklist as the studio shows it: its items, and whether the caller hid it.
create function public.studio_launch_checklist() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return jsonb_build_object(
    'items', public.launch_checklist_items(),
    'dismissed', exists (select 1 from public.launch_checklist_dismissals as dismissal
                          where dismissal.email = public.caller_email())
  );
end;
$$;

-- Hides the checklist for the caller (dismissed true) or shows it again (false); answers it as it now is.
create function public.studio_dismiss_launch_checklist(dismissed boolean) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  if dismissed is null then
    raise exception 'Say whether the checklist is hidden (true) or shown (false).';
  end if;
  if dismissed then
    insert into public.launch_checklist_dismissals (email) values (public.caller_email()) on conflict do nothing;
  else
    delete from public.launch_checklist_dismissals as dismissal where dismissal.email = public.caller_email();
  end if;
  return public.studio_launch_checklist();
end;
$$;

revoke all on function public.record_launch_facts(text, text), public.launch_checklist_items(),
  public.is_changed_site_word(jsonb, text) from public, anon, authenticated;
grant execute on function public.record_launch_facts(text, text) to service_role;
revoke all on function public.studio_launch_checklist(), public.studio_dismiss_launch_checklist(boolean)
  from public, anon;
grant execute on function public.studio_launch_checklist(), public.studio_dismiss_launch_checklist(boolean)
  to authenticated;
