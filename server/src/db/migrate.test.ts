import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { migrate, readMigrations } from './migrate.ts';
import { createEmptyPgliteDatabase, createTestDatabase, supabaseFolder } from '../../test/test-database.ts';

let db: Database | undefined;
afterEach(() => db?.close());

describe('migrate', () => {
  it('applies the project migrations once, in order, and records them', async () => {
    db = await createEmptyPgliteDatabase();
    const migrations = await readMigrations(path.join(supabaseFolder, 'migrations'));
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort());
    expect(await migrate(db, migrations)).toHaveLength(migrations.length);
    expect(await migrate(db, migrations)).toEqual([]);
    const recorded = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by 1',
    );
    expect(recorded.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
  });

  it('creates the Supabase roles the policies name', async () => {
    db = await createEmptyPgliteDatabase();
    await migrate(db, []);
    const roles = await db.query<{ rolname: string }>(
      "select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1",
    );
    expect(roles.map((row) => row.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
  });

  it('leaves nothing behind when a migration fails', async () => {
    db = await createEmptyPgliteDatabase();
    const broken = [
      { version: '1', name: 'good', sql: 'create table public.kept (id int);' },
      { version: '2', name: 'bad', sql: 'create table public.half (id int); select * from missing_table;' },
    ];
    await expect(migrate(db, broken)).rejects.toThrow(/Migration 2_bad failed/);
    const tables = await db.query("select 1 from pg_tables where tablename in ('kept', 'half')");
    expect(tables).toEqual([]);
  });

  it('keeps row-level security on guides: anon reads active rows only', async () => {
    // The run's migrated template: the migrations as migrate() applied them.
    db = await createTestDatabase();
    await db.exec(
      "insert into public.guides (name, title, is_active) values ('On', 't', true), ('Off', 't', false)",
    );
    const visible = await db.transaction(async (tx) => {
      await tx.query('set local role anon');
      return tx.query<{ name: string }>('select name from public.guides');
    });
    expect(visible.map((row) => row.name)).toEqual(['On']);
  });
});

describe('migration 20261123000100: one row per mailbox', () => {
  it('merges case variants into the earliest row, with their e-mails, counts and unsubscribe', async () => {
    db = await createEmptyPgliteDatabase();
    const migrations = await readMigrations(path.join(supabaseFolder, 'migrations'));
    const merge = migrations.findIndex((m) => m.version === '20261123000100');
    await migrate(db, migrations.slice(0, merge));
    await db.exec(`
      insert into public.signups (email, name, consent_version, source, first_signed_up_at, last_signed_up_at,
                                  signup_count, unsubscribed, last_email_queued_at) values
        ('Victim@example.com', 'Second', 'v', 't', '2026-11-02', '2026-11-05', 2, true, '2026-11-05'),
        ('victim@example.com', 'First', 'v', 't', '2026-11-01', '2026-11-01', 1, false, '2026-11-01'),
        ('other@example.com', 'Other', 'v', 't', '2026-11-03', '2026-11-03', 1, false, null);
      insert into public.email_outbox (signup_id, recipient) select id, email from public.signups;`);
    await migrate(db, migrations);
    const signups = await db.query(
      `select email, name, signup_count, unsubscribed, last_signed_up_at::date::text as last
         from public.signups order by id`,
    );
    expect(signups).toEqual([
      { email: 'victim@example.com', name: 'First', signup_count: 3, unsubscribed: true, last: '2026-11-05' },
      { email: 'other@example.com', name: 'Other', signup_count: 1, unsubscribed: false, last: '2026-11-03' },
    ]);
    const outbox = await db.query<{ email: string }>(
      'select s.email from public.email_outbox o join public.signups s on s.id = o.signup_id order by o.id',
    );
    expect(outbox.map((row) => row.email)).toEqual([
      'victim@example.com',
      'victim@example.com',
      'other@example.com',
    ]);
    await expect(
      db.query(
        "insert into public.signups (email, name, consent_version, source) values ('VICTIM@example.com', 'x', 'v', 't')",
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});
