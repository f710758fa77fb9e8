/**
 * The part of Supabase's `auth` schema the embedded server needs, so the same migrations and row-level-security
 * policies run on PGlite and plain PostgreSQL as on hosted Supabase: users, and the helpers `auth.uid()`,
 * `auth.role()` and `auth.jwt()` that read the caller's claims from `request.jwt.claims` as on Supabase; and what
 * the embedded GoTrue keeps (server/src/auth/): sessions, refresh tokens and one-time tokens, as hashes only.
 * The API roles get no grant on those tables: only the server's own connection reads them.
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
  -- Set when a sign-in link is first used: the address is then proven, as GoTrue records it.
  alter table auth.users add column if not exists email_confirmed_at timestamptz;
  alter table auth.users add column if not exists identity_id uuid not null default gen_random_uuid();

  create table if not exists auth.sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index if not exists sessions_user_id_idx on auth.sessions (user_id);

  -- One row per refresh token ever issued for a session; a spent one is revoked, and its child is the next.
  create table if not exists auth.refresh_tokens (
    id bigint generated always as identity primary key,
    token_hash text not null unique,
    session_id uuid not null references auth.sessions (id) on delete cascade,
    parent_hash text,
    revoked boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

  create table if not exists auth.one_time_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    token_type text not null,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  );
  create index if not exists one_time_tokens_expires_at_idx on auth.one_time_tokens (expires_at);
  -- The 6-digit code beside each link, on the link's row, and the wrong codes typed for its address (5 make
  -- the code void; the link still works). The link and the code are two single-use credentials: used_at is
  -- the link's spend and code_used_at the code's, and the row is live while either half is unspent.
  alter table auth.one_time_tokens add column if not exists code_hash text;
  alter table auth.one_time_tokens add column if not exists wrong_codes integer not null default 0;
  alter table auth.one_time_tokens add column if not exists code_used_at timestamptz;
  -- When the code was made (it lives 24 hours): a later e-mail may replace the link and keep a live code.
  alter table auth.one_time_tokens add column if not exists code_issued_at timestamptz;
  update auth.one_time_tokens set code_issued_at = created_at where code_issued_at is null;
  -- The e-mail the code was made for: only a code whose e-mail was sent is kept by a later one.
  alter table auth.one_time_tokens add column if not exists code_outbox_id bigint;
  -- Wrong codes typed for the address in the last day, across its e-mails; a used link clears them.
  alter table auth.users add column if not exists wrong_code_times timestamptz[] not null default '{}';
  -- One row: this hour's wrong codes across every address, and the hour last reported in the log.
  create table if not exists auth.wrong_code_watch (
    id boolean primary key default true check (id),
    hour timestamptz not null,
    wrong_codes integer not null default 0,
    alerted_hour timestamptz
  );
  -- At most one live row per user: a new one replaces it, so earlier links and codes stop working.
  if to_regclass('auth.one_time_tokens_one_live_per_user') is null then
    drop index if exists auth.one_time_tokens_one_unused_per_user;
    -- Rows spent before codes were spent apart had both halves spent at once.
    update auth.one_time_tokens set code_used_at = used_at where used_at is not null and code_used_at is null;
    delete from auth.one_time_tokens t
     where (t.used_at is null or t.code_used_at is null)
       and exists (select 1 from auth.one_time_tokens n
                    where n.user_id = t.user_id and (n.used_at is null or n.code_used_at is null)
                      and (n.created_at, n.id) > (t.created_at, t.id));
    create unique index one_time_tokens_one_live_per_user on auth.one_time_tokens (user_id)
      where used_at is null or code_used_at is null;
  end if;

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
