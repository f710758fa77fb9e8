import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';
import { EMBEDDED_AUTH_SCHEMA } from './embedded-auth-schema.ts';

/**
 * Creates what hosted Supabase already has, so the same migration files run on PGlite and plain PostgreSQL:
 * the API roles, the table the Supabase CLI records applied migrations in, and the `auth` schema's users
 * and helpers (embedded-auth-schema.ts).
 */
const BOOTSTRAP = `
do $$
declare role_name text;
begin
  -- Roles belong to the whole cluster, outside the migration lock of one database: servers migrating other
  -- databases of the same cluster may run this at the same moment, so it writes only what is missing.
  foreach role_name in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = role_name) then
      begin
        execute format('create role %I nologin noinherit%s', role_name,
          case when role_name = 'service_role' then ' bypassrls' else '' end);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
    if not pg_has_role(current_user, role_name, 'member') then
      begin
        execute format('grant %I to %I', role_name, current_user);
      exception when unique_violation then
        null;
      end;
    end if;
  end loop;
  if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
    alter role service_role bypassrls;
  end if;
end $$;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, name text);
`;

/** Any number; it only has to be the same in every server process sharing one database. */
const MIGRATION_LOCK = 7_245_331;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** Reads `<version>_<name>.sql` files in filename order, as the Supabase CLI names and applies them. */
export async function readMigrations(folder: string): Promise<Migration[]> {
  const files = (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = /^(\d+)_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match?.[1] || !match[2])
        throw new Error(`Migration file name must be <digits>_<snake_case>.sql: ${file}`);
      return { version: match[1], name: match[2], sql: await readFile(path.join(folder, file), 'utf8') };
    }),
  );
}

/**
 * Applies every migration not yet recorded, with its record, in one transaction under an advisory lock,
 * so servers starting together on one PostgreSQL apply each file exactly once. Returns what it applied.
 */
export function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(BOOTSTRAP);
    await tx.exec(EMBEDDED_AUTH_SCHEMA);
    const rows = await tx.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    const applied = new Set(rows.map((row) => row.version));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${String(error)}`, {
          cause: error,
        });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      newlyApplied.push(`${migration.version}_${migration.name}`);
    }
    return newlyApplied;
  });
}
