-- The owner's last sign-ins, for the studio (docs/decisions/0152-a-launch-is-not-a-flood.md): a code can be
-- guessed for the owner's address too, so she sees when her account was signed in to, and how.

-- Newest first, at most 10: [{"at": timestamptz, "method": "link" | "code"}]. The embedded server writes it in
-- the sign-in's transaction; on hosted Supabase, GoTrue signs in and its audit log is read instead.
alter table public.owners add column recent_sign_ins jsonb not null default '[]';

create function public.studio_my_sign_ins() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found jsonb;
begin
  perform public.assert_owner();
  select o.recent_sign_ins into found
    from public.owners o join auth.users u on o.email = lower(u.email)
   where u.id = (select auth.uid());
  if jsonb_array_length(coalesce(found, '[]')) > 0 then
    return found;
  end if;
  -- Hosted Supabase: GoTrue's own record of logins, where this role may read it.
  begin
    execute $q$
      select coalesce(jsonb_agg(jsonb_build_object('at', e.created_at, 'method', null) order by e.created_at desc), '[]')
        from (select created_at from auth.audit_log_entries
               where payload ->> 'actor_id' = (select auth.uid())::text and payload ->> 'action' = 'login'
               order by created_at desc limit 10) e
    $q$ into found;
  exception when undefined_table or insufficient_privilege then
    found := '[]';
  end;
  return found;
end;
$$;

revoke all on function public.studio_my_sign_ins() from public, anon;
grant execute on function public.studio_my_sign_ins() to authenticated;
