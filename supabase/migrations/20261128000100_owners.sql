-- The course's owners: the addresses that may open /studio. Owner rights come from this table alone, checked by
-- `public.is_owner()` for the signed-in caller in the database (in row-level security and in the studio's
-- functions), never from anything the browser sends. The owner's tool manages it (`npm run admin -- owners
-- add|remove|list`); the embedded server adds `OWNER_EMAIL` at start while there is none.
create table public.owners (
  email text primary key
    check (email = lower(btrim(email)) and char_length(email) between 3 and 254 and email like '%_@_%'),
  added_at timestamptz not null default now()
);

alter table public.owners enable row level security;
revoke all on table public.owners from anon, authenticated;
grant all on table public.owners to service_role;

-- True when the caller's account has an owner's address. Security definer: callers cannot read `owners` or
-- `auth.users` themselves; the function reads only the caller's own row.
create function public.is_owner() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from auth.users u
      join public.owners o on o.email = lower(u.email)
     where u.id = (select auth.uid())
  );
$$;

-- Every studio function starts with this: a caller who is not an owner is refused as row-level security
-- refuses (42501), which the API answers with 401 for a visitor and 403 for a learner.
create function public.assert_owner() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_owner() then
    raise exception 'This is for the course''s owner.' using errcode = '42501';
  end if;
end;
$$;

-- is_owner() is called by policies for signed-in callers (and by the studio to choose its page); assert_owner()
-- only by the studio's own functions, which run as their definer.
revoke all on function public.is_owner() from public, anon;
revoke all on function public.assert_owner() from public, anon, authenticated;
grant execute on function public.is_owner() to authenticated, service_role;
