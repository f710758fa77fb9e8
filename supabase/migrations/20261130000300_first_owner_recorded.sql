-- The first owner the owners' list ever had, by whatever path they were added. The embedded server adds
-- OWNER_EMAIL at start only while there is none, so an owner removed later (the list left empty) is not brought
-- back by the next start.
create table public.first_owner (
  only_row boolean primary key default true check (only_row),
  email text not null,
  added_at timestamptz not null
);

alter table public.first_owner enable row level security;
revoke all on table public.first_owner from anon, authenticated;
grant all on table public.first_owner to service_role;

-- A list that has an owner already had its first.
insert into public.first_owner (email, added_at)
select email, added_at from public.owners order by added_at, email limit 1;

create function public.owners_record_first() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  insert into public.first_owner (email, added_at) values (new.email, new.added_at) on conflict do nothing;
  return null;
end;
$$;

revoke all on function public.owners_record_first() from public, anon, authenticated;

create trigger owners_record_first after insert on public.owners
  for each row execute function public.owners_record_first();
