-- The studio's Learners and Outbox panels, and the owner's tool doing the same jobs through the same functions:
-- `signup_rows`, `erase_learner`, `outbox_status` and `retry_dead_emails` hold each job once, for the owner's
-- tool (which connects as the database's owner) and for the `studio_*` functions (which check the caller is an
-- owner first). None of the four is callable through the API.

-- Every sign-up with its learner's latest reminder answer, in the order they first came: `signups export`'s rows
-- and the studio's download.
create function public.signup_rows(since timestamptz default null) returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.first_signed_up_at, r.id), '[]'::jsonb)
    from (
      select s.id, s.email, s.name, s.consent_version, s.source, s.first_signed_up_at, s.last_signed_up_at,
             s.signup_count, s.unsubscribed, coalesce(c.given, false) as reminders,
             c.created_at as reminders_answered_at, c.wording_version as reminders_wording_version
        from public.signups s
        left join auth.users u on lower(u.email) = lower(s.email)
        left join public.reminder_answers_latest c on c.user_id = u.id
       where since is null or s.last_signed_up_at >= since
    ) as r;
$$;

-- A person erased for good, every spelling of the address: sign-ups, every e-mail queued or sent to them, and the
-- course account with its sessions, tokens, lesson progress, feedback and reminder answers (foreign keys on delete
-- cascade). Answers what went. The erasure's keyed hash record, the file mailbox and the compaction are the
-- caller's: the database has neither the key nor the files.
create function public.erase_learner(address text) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  ids bigint[];
  outbox integer;
  account_ids uuid[];
  progress integer;
  feedback integer;
  reminder_answers integer;
begin
  select coalesce(array_agg(id), '{}') into ids
    from (select id from public.signups where lower(email) = lower(address) for update) as found;
  with gone as (
    delete from public.email_outbox where signup_id = any(ids) or lower(recipient) = lower(address) returning 1
  )
  select count(*)::integer into outbox from gone;
  delete from public.signups where id = any(ids);
  select coalesce(array_agg(id), '{}') into account_ids from auth.users where lower(email) = lower(address);
  select count(*)::integer into progress from public.lesson_progress where user_id = any(account_ids);
  select count(*)::integer into feedback from public.course_feedback where user_id = any(account_ids);
  select count(*)::integer into reminder_answers from public.reminder_consents where user_id = any(account_ids);
  delete from auth.users where id = any(account_ids);
  return jsonb_build_object(
    'signups', cardinality(ids), 'outbox', outbox, 'accounts', cardinality(account_ids), 'progress', progress,
    'feedback', feedback, 'reminder_answers', reminder_answers);
end;
$$;

-- Counts by status (every status, even at zero), the oldest e-mail due, the dead ones newest first with their
-- last error, and the pauses providers asked for.
create function public.outbox_status() returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'counts', (
      select jsonb_agg(jsonb_build_object('status', s.status, 'count', coalesce(c.count, 0)) order by s.position)
        from unnest(array['pending', 'sending', 'sent', 'dead']) with ordinality as s(status, position)
        left join (select status, count(*)::integer as count from public.email_outbox group by status) as c
          on c.status = s.status),
    'oldest_due', (select min(next_attempt_at) from public.email_outbox where status = 'pending'),
    'dead', coalesce((
      select jsonb_agg(to_jsonb(d) order by d.created_at desc, d.id desc)
        from (select id, recipient, kind, attempts, last_error, created_at
                from public.email_outbox where status = 'dead'
               order by created_at desc, id desc limit 200) as d), '[]'::jsonb),
    'paused', coalesce((
      select jsonb_agg(jsonb_build_object('provider', provider, 'until', not_before, 'reason', not_before_reason)
                       order by provider)
        from public.mail_rate where not_before > now()), '[]'::jsonb));
$$;

-- One dead e-mail (or, without an id, every one) back in the queue: a fresh round of attempts, due now; the last
-- error stays until the next attempt replaces it. Out of its old batch too: that request's key belongs to e-mails
-- that were sent, so this one goes in a new one. Answers the ids put back.
create function public.retry_dead_emails(only_id bigint default null) returns jsonb
language sql
set search_path = ''
as $$
  with retried as (
    update public.email_outbox
       set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, locked_by = null,
           batch_key = null
     where status = 'dead' and (only_id is null or id = only_id)
     returning id
  )
  select jsonb_build_object('ids', coalesce((select jsonb_agg(id order by id) from retried), '[]'::jsonb));
$$;

revoke all on function public.signup_rows(timestamptz) from public, anon, authenticated;
revoke all on function public.erase_learner(text) from public, anon, authenticated;
revoke all on function public.outbox_status() from public, anon, authenticated;
revoke all on function public.retry_dead_emails(bigint) from public, anon, authenticated;

-- What the studio erased and the server has still to finish: the erasure's keyed hash record, the .eml files of
-- the file mailbox and the compaction of the erased tables. The embedded server finishes each within seconds and
-- deletes its row; `npm run admin -- signups finish-erasures` does the same for a database the server does not run.
create table public.erasures_to_finish (
  address text primary key check (address = lower(address)),
  requested_at timestamptz not null default now()
);

alter table public.erasures_to_finish enable row level security;
revoke all on table public.erasures_to_finish from anon, authenticated;
grant all on table public.erasures_to_finish to service_role;

-- The Learners panel: the newest 200 sign-ups whose address or name holds `search` (any letter case, taken as
-- plain text: `%`, `_` and quotes match themselves), each with what the course did for them. Owners are no
-- learners: adding one gives them a sign-up row to sign in with, which the list leaves out.
create function public.studio_learners(search text default '') returns jsonb
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

-- The studio's "Download CSV": the rows of `signups export`, which the browser writes as the same CSV.
create function public.studio_signup_rows() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return public.signup_rows();
end;
$$;

-- The studio's erase: the rows now, in this transaction; the rest is left for the server to finish.
create function public.studio_erase_learner(address text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  erased jsonb;
begin
  perform public.assert_owner();
  if address is null or btrim(address) !~ '^[^\s@]+@[^\s@]+$' or char_length(address) > 320 then
    raise exception 'That is not an e-mail address.';
  end if;
  -- The studio never erases an owner (the coach's own account and session among them): the owner's tool can,
  -- after `owners remove`.
  if exists (select 1 from public.owners o where o.email = lower(btrim(address))) then
    raise exception 'That is an owner’s address: remove it from the owners first (npm run admin -- owners remove).';
  end if;
  erased := public.erase_learner(btrim(address));
  insert into public.erasures_to_finish (address) values (lower(btrim(address)))
    on conflict on constraint erasures_to_finish_pkey do update set requested_at = now();
  return erased;
end;
$$;

create function public.studio_outbox() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_owner();
  return public.outbox_status();
end;
$$;

-- One dead e-mail back in the queue; an id that is not a dead e-mail (sent meanwhile, retried already) is refused.
create function public.studio_retry_email(id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  retried jsonb;
begin
  perform public.assert_owner();
  retried := public.retry_dead_emails(id);
  if jsonb_array_length(retried -> 'ids') = 0 then
    raise exception 'That e-mail is not waiting for a retry any more.';
  end if;
  return retried;
end;
$$;

revoke all on function public.studio_learners(text) from public, anon;
revoke all on function public.studio_signup_rows() from public, anon;
revoke all on function public.studio_erase_learner(text) from public, anon;
revoke all on function public.studio_outbox() from public, anon;
revoke all on function public.studio_retry_email(bigint) from public, anon;
grant execute on function public.studio_learners(text) to authenticated;
grant execute on function public.studio_signup_rows() to authenticated;
grant execute on function public.studio_erase_learner(text) to authenticated;
grant execute on function public.studio_outbox() to authenticated;
grant execute on function public.studio_retry_email(bigint) to authenticated;
