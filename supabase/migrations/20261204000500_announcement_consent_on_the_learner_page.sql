-- The seams between a learner's page, announcements and the Outbox's record (docs/studio.md):
-- - her page shows her answers to "E-mail me when new lessons are added" as it shows her reminder answers: each
--   with the words she saw, their version, where (the course page, or the unsubscribe link of the announcement
--   named) and when; and each e-mail's transport, so its outcome reads as the Outbox's does;
-- - the export carries that consent as it carries the reminders': her latest answer, when, under which version;
-- - the Learners list names the transport that took each course e-mail, so "sent" to the file mailbox reads as
--   written to the mail folder, as in the Outbox, not as delivered.

-- One learner's page: as before, with her announcement answers and each e-mail's transport.
create or replace function public.studio_learner(learner_id bigint) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  learner public.signups;
  account auth.users;
begin
  perform public.assert_owner();
  select s.* into learner
    from public.signups s
   where s.id = learner_id and not exists (select 1 from public.owners o where o.email = lower(s.email));
  if not found then
    raise exception 'That learner is not here any more: they may have been erased.';
  end if;
  select u.* into account from auth.users u where lower(u.email) = lower(learner.email);
  return jsonb_build_object(
    'id', learner.id,
    'email', learner.email,
    'name', learner.name,
    'source', learner.source,
    'first_signed_up_at', learner.first_signed_up_at,
    'last_signed_up_at', learner.last_signed_up_at,
    'signup_count', learner.signup_count,
    'last_sign_in_at', account.last_sign_in_at,
    'finished_at', (select f.finished_at from public.course_finishes f where f.user_id = account.id),
    'lessons', coalesce((
      select jsonb_agg(jsonb_build_object(
               'title', l.title, 'duration_seconds', l.duration_seconds, 'position_seconds', p.position_seconds,
               'completed_at', p.completed_at, 'updated_at', p.updated_at)
             order by l.order_index, l.id)
        from public.lessons l
        left join public.lesson_progress p on p.lesson_id = l.id and p.user_id = account.id
       where l.is_published), '[]'::jsonb),
    'feedback', (
      select jsonb_build_object('rating', f.rating, 'comment', f.comment, 'created_at', f.created_at)
        from public.course_feedback f where f.user_id = account.id),
    'emails', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', e.id, 'kind', e.kind, 'recipient', e.recipient, 'status', e.status,
               'last_error', e.last_error, 'provider', e.provider, 'created_at', e.created_at,
               'sent_at', e.sent_at)
             order by e.created_at desc, e.id desc)
        from public.email_outbox e where e.signup_id = learner.id), '[]'::jsonb),
    'reminder_answers', coalesce((
      select jsonb_agg(jsonb_build_object(
               'given', c.given, 'wording_version', c.wording_version, 'source', c.source,
               'created_at', c.created_at)
             order by c.created_at desc, c.id desc)
        from public.reminder_consents c where c.user_id = account.id), '[]'::jsonb),
    'announcement_answers', coalesce((
      select jsonb_agg(jsonb_build_object(
               'given', c.given, 'wording', c.wording, 'wording_version', c.wording_version, 'source', c.source,
               'announcement_subject', n.subject, 'created_at', c.created_at)
             order by c.created_at desc, c.id desc)
        from public.announcement_consents c
        left join public.announcements n on n.id = c.announcement_id
       where c.user_id = account.id), '[]'::jsonb),
    'address_changes', coalesce((
      select jsonb_agg(jsonb_build_object(
               'old_email', a.old_email, 'new_email', a.new_email, 'changed_by', a.changed_by,
               'changed_at', a.changed_at)
             order by a.changed_at desc, a.id desc)
        from public.learner_address_changes a where a.signup_id = learner.id), '[]'::jsonb));
end;
$$;

-- The export (`npm run admin -- signups export`, the studio's "Download CSV"): as before, with her latest answer
-- to the announcements question, when it was given, and the version of its words.
create or replace function public.signup_rows(since timestamptz default null) returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.first_signed_up_at, r.id), '[]'::jsonb)
    from (
      select s.id, s.email, s.name, s.consent_version, s.source, s.first_signed_up_at, s.last_signed_up_at,
             s.signup_count, s.unsubscribed, coalesce(c.given, false) as reminders,
             c.created_at as reminders_answered_at, c.wording_version as reminders_wording_version,
             coalesce(n.given, false) as announcements, n.created_at as announcements_answered_at,
             n.wording_version as announcements_wording_version,
             case when k.user_id is not null then jsonb_build_object('answers', k.answers, 'plan', k.plan) end
               as kept_answers,
             k.updated_at as kept_answers_updated_at,
             (select count(*)::integer
                from public.lesson_progress p join public.lessons l on l.id = p.lesson_id and l.is_published
               where p.user_id = u.id and p.completed_at is not null) as lessons_watched,
             f.finished_at,
             greatest(u.last_sign_in_at, (select max(p.updated_at) from public.lesson_progress p where p.user_id = u.id))
               as last_active_at,
             fb.rating, fb.comment
        from public.signups s
        left join auth.users u on lower(u.email) = lower(s.email)
        left join public.reminder_answers_latest c on c.user_id = u.id
        left join lateral (
          select a.given, a.created_at, a.wording_version
            from public.announcement_consents a
           where a.user_id = u.id
           order by a.created_at desc, a.id desc
           limit 1) n on true
        left join public.kept_answers k on k.user_id = u.id
        left join public.course_finishes f on f.user_id = u.id
        left join public.course_feedback fb on fb.user_id = u.id
       where (since is null or s.last_signed_up_at >= since)
         and not exists (select 1 from public.owners o where o.email = lower(s.email))
    ) as r;
$$;

-- The Learners panel: as before, with the transport that took each learner's latest course e-mail.
create or replace function public.studio_learners(search text default '') returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform public.assert_owner();
  with published as (
    select id from public.lessons where is_published
  ), matching as (
    select s.*
      from public.signups s
     where not exists (select 1 from public.owners o where o.email = lower(s.email))
       and (coalesce(search, '') = ''
            or strpos(lower(s.email), lower(search)) > 0
            or strpos(lower(s.name), lower(search)) > 0)
  ), shown as (
    select s.id, s.email, s.name, s.first_signed_up_at, s.last_signed_up_at,
           (select case o.status when 'sent' then 'sent' when 'dead' then 'dead' else 'queued' end
              from public.email_outbox o
             where o.signup_id = s.id and o.kind = 'course-access'
             order by o.id desc limit 1) as course_email,
           (select o.provider
              from public.email_outbox o
             where o.signup_id = s.id and o.kind = 'course-access'
             order by o.id desc limit 1) as course_email_provider,
           greatest(u.last_sign_in_at, (select max(p.updated_at) from public.lesson_progress p where p.user_id = u.id))
             as last_active_at,
           (select count(*)::integer
              from public.lesson_progress p join published l on l.id = p.lesson_id
             where p.user_id = u.id and p.completed_at is not null) as lessons_watched,
           coalesce(c.given, false) as reminders
      from matching s
      left join auth.users u on lower(u.email) = lower(s.email)
      left join public.reminder_answers_latest c on c.user_id = u.id
     order by s.first_signed_up_at desc, s.id desc
     limit 200
  )
  select jsonb_build_object(
           'total', (select count(*)::integer from matching),
           'published_lessons', (select count(*)::integer from published),
           'learners', coalesce(jsonb_agg(
             to_jsonb(shown) || jsonb_build_object(
               'percent_complete',
               case when (select count(*) from published) = 0 then 0
                    else round(100.0 * shown.lessons_watched / (select count(*) from published))::integer end)
             order by shown.first_signed_up_at desc, shown.id desc), '[]'::jsonb))
    into result
    from shown;
  return result;
end;
$$;
