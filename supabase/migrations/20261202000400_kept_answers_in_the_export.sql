-- Kept answers go out with the learner's data (docs/decisions/0153-the-learner-on-a-phone.md): the owner's export
-- (`npm run admin -- signups export`, the studio's "Download CSV") carries, for a learner who ticked "Keep my
-- answers and plan with my account", what is kept: her answers and her plan's notes, and when she last changed
-- them. Nothing for anyone who did not tick it.
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
             case when k.user_id is not null then jsonb_build_object('answers', k.answers, 'plan', k.plan) end
               as kept_answers,
             k.updated_at as kept_answers_updated_at
        from public.signups s
        left join auth.users u on lower(u.email) = lower(s.email)
        left join public.reminder_answers_latest c on c.user_id = u.id
        left join public.kept_answers k on k.user_id = u.id
       where since is null or s.last_signed_up_at >= since
    ) as r;
$$;
