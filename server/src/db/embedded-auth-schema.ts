/**
 * The part of Supabase's `auth` schema the embedded server needs, so the same migrations and row-level-security
 * policies run on PGlite and plain PostgreSQL as on hosted Supabase: users, and the helpers `auth.uid()`,
 * `auth.role()` and `auth.jwt()` that read the caller's claims from `request.jwt.claims` as on Supabase.
 * A database whose `auth` schema belongs to Supabase (no `embedded` comment on it) is left alone.
 */
export const EMBEDDED_AUTH_SCHEMA = `
do $outer$
begin
  if exists (
    select 1 from pg_namespace
    where nspname = 'auth' and coalesce(obj_description(oid, 'pg_namespace'), '') <> 'embedded'
  ) then
    return;
  end if;
  create schema if not exists auth;
  comment on schema auth is 'embedded';
  grant usage on schema auth to anon, authenticated, service_role;

  create table if not exists auth.users (
    id uuid primary key default gen_random_uuid(),
    email text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_sign_in_at timestamptz
  );
  create unique index if not exists users_email_key on auth.users (lower(email));

  create or replace function auth.jwt() returns jsonb language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
  $fn$;
  create or replace function auth.uid() returns uuid language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $fn$;
  create or replace function auth.role() returns text language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
  $fn$;
  grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;
end
$outer$;
`;
