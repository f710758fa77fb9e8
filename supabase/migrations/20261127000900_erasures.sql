-- Who was erased (`npm run admin -- signups erase`), as a keyed hash of the address, never the address itself:
-- a restore of a backup older than the erasure erases them again (docs/privacy-and-data.md, "Backups").
-- `key_id` names the key the hash was made with, so a restore can tell a record it cannot check.
create table public.erasures (
  address_hash text primary key,
  key_id text not null,
  erased_at timestamptz not null default now()
);

alter table public.erasures enable row level security;
revoke all on table public.erasures from anon, authenticated;
grant all on table public.erasures to service_role;
