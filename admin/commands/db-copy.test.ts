import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openMigratedDatabase } from '../../server/src/db/index.ts';
import { createPgliteDataDirDatabase, createTestDatabase } from '../../server/test/test-database.ts';
import { createDatabase } from '../../scripts/with-postgres.mjs';
import { adminEntry } from '../test/admin-processes.ts';

/**
 * The owner's tool as `npm run admin` runs it, with only these settings. Asynchronous: the PGlite target is served
 * from this very process, which must go on answering while the command runs.
 */
async function admin(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, [await adminEntry(), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const USER_ID = '6f1c1c2e-3b1a-4c1e-9f57-0d4b8f8c2a11';

/** A small data set touching every table the move carries, with ids that are not 1, 2, 3. */
const KNOWN_DATA = `
  insert into public.guides (id, name, title, quote, image_url, order_index, is_active)
    values (7, 'Ada Lovelace', 'Analyst', 'Numbers sing.', 'ada.webp', 1, true),
           (9, 'Alan Turing', 'Logician', null, null, 2, false);
  insert into public.signups (id, email, name, consent_version, source, signup_count, recent_signup_times)
    values (41, 'ada@example.com', 'Ada', 'v1', 'embedded', 2, '{2026-11-23T10:00:00Z,2026-11-23T10:05:00Z}'),
           (42, 'alan@example.com', 'Alan', 'v1', 'embedded', 1, '{}');
  insert into public.email_outbox (id, signup_id, recipient, status, attempts, sent_at)
    values (100, 41, 'ada@example.com', 'sent', 1, '2026-11-23T10:00:01Z'),
           (101, 42, 'alan@example.com', 'pending', 0, null);
  insert into auth.users (id, email, email_confirmed_at) values ('${USER_ID}', 'ada@example.com', now());
  insert into auth.sessions (id, user_id) values ('0b7d5a8e-1c2f-4e3a-8b9c-1d2e3f4a5b6c', '${USER_ID}');
  insert into auth.refresh_tokens (token_hash, session_id)
    values ('hash-of-a-refresh-token', '0b7d5a8e-1c2f-4e3a-8b9c-1d2e3f4a5b6c');
  insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published)
    values (11, 'seeing', 'Seeing', 'seeing/video.mp4', 120, 1, true),
           (12, 'naming', 'Naming', 'naming/video.mp4', 95, 2, true);
  insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at)
    values ('${USER_ID}', 11, 120, now()), ('${USER_ID}', 12, 33.5, null);
  insert into public.course_feedback (user_id, rating, comment) values ('${USER_ID}', 5, 'Worth the hour.');
  insert into public.launch_facts (mail_transport, site_url) values ('file', 'http://localhost:8080');
`;

/**
 * Turns a migrated target's auth schema into a stand-in for hosted Supabase's: GoTrue's users and identities
 * (the columns db copy writes and the constraints that bind them), no embedded sessions.
 */
const SUPABASE_SHAPED_AUTH = `
  comment on schema auth is null;
  drop table auth.one_time_tokens, auth.refresh_tokens, auth.sessions;
  drop table auth.users cascade;
  create table auth.users (
    instance_id uuid, id uuid primary key, aud varchar(255), role varchar(255), email varchar(255),
    encrypted_password varchar(255), email_confirmed_at timestamptz, confirmation_token varchar(255),
    recovery_token varchar(255), email_change_token_new varchar(255), email_change varchar(255),
    last_sign_in_at timestamptz, raw_app_meta_data jsonb, raw_user_meta_data jsonb, created_at timestamptz,
    updated_at timestamptz, is_sso_user boolean not null default false
  );
  create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
  create table auth.identities (
    provider_id text not null, user_id uuid not null references auth.users (id) on delete cascade,
    identity_data jsonb not null, provider text not null, last_sign_in_at timestamptz, created_at timestamptz,
    updated_at timestamptz, email text generated always as (lower(identity_data ->> 'email')) stored,
    id uuid primary key default gen_random_uuid(), unique (provider_id, provider)
  );
  alter table public.lesson_progress add foreign key (user_id) references auth.users (id) on delete cascade;
  alter table public.course_feedback add foreign key (user_id) references auth.users (id) on delete cascade;
`;

const SEEDED_SINGLETONS = ['public.mail_request_budget', 'public.site_words_draft'];

/** Every row of the app's tables, as JSON, sorted: two databases are equal row for row when these are. */
async function everyRow(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'auth') order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const found = await db.query<{ row: unknown }>(`select row_to_json(t) as row from ${name} t`);
    rows[name] = found.map(({ row }) => JSON.stringify(row)).sort();
  }
  return rows;
}

/** A migrated target: a new database on DATABASE_URL's server, or else an in-memory PGlite served on a socket. */
async function createTarget(folder: string): Promise<{ url: string; db: Database; close(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await createDatabase(serverUrl, 'copy', inject('postgresTemplate'));
    const { db } = await openMigratedDatabase({ databaseUrl: database.url });
    return {
      url: database.url,
      db,
      async close() {
        await db.close();
        await database.drop();
      },
    };
  }
  const db = await createTestDatabase();
  if (!('serveSocket' in db))
    throw new Error('With neither DATABASE_URL nor DATA_DIR, expected PGlite in memory.');
  const socketFolder = await mkdtemp(path.join(folder, 'target-'));
  const socket = await db.serveSocket(socketFolder);
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketFolder)}`,
    db,
    async close() {
      await socket.close();
      await db.close();
    },
  };
}

describe(`db copy from PGlite into ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite served as PostgreSQL'}`, () => {
  let folder: string;
  let dataDir: string;
  let source: Record<string, string[]>;
  let target: Awaited<ReturnType<typeof createTarget>>;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'db-copy-'));
    dataDir = path.join(folder, 'data');
    await mkdir(dataDir);
    const db = await createPgliteDataDirDatabase(dataDir);
    await db.exec(KNOWN_DATA);
    source = await everyRow(db);
    await db.close();
    await mkdir(path.join(dataDir, 'storage', 'course', 'seeing'), { recursive: true });
    await writeFile(path.join(dataDir, 'storage', 'course', 'seeing', 'video.mp4'), 'not really a video');
    target = await createTarget(folder);
  });
  afterAll(async () => {
    await target?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('refuses a target that clashes, and leaves it as it was', async () => {
    await target.db.query(
      `insert into public.signups (id, email, name, consent_version, source) values (500, 'ALAN@example.com', 'Al', 'v1', 'supabase-edge')`,
    );
    const before = await everyRow(target.db);
    const run = await admin({ DATA_DIR: dataDir }, 'db', 'copy', '--to', target.url);
    expect(run).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /1 of 2 rows of public\.signups clash with other rows already in the target .*: nothing was copied\./,
      ),
    });
    expect(await everyRow(target.db)).toEqual(before);
    await target.db.query('delete from public.signups where id = 500');
  });

  // Two runs of the owner's tool, each a process of its own: two minutes, as for the Supabase case below.
  it('copies every row with its id, and a second run changes nothing', { timeout: 300_000 }, async () => {
    const first = await admin({ DATA_DIR: dataDir }, 'db', 'copy', '--to', target.url);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('public.signups: 2 rows, all in the target (2 new)');
    expect(first.stdout).toContain('auth.users: 1 rows, all in the target (1 new)');
    expect(first.stdout).toContain('public.lesson_progress: 2 rows, all in the target (2 new)');
    expect(first.stdout).toContain('public.course_feedback: 1 rows, all in the target (1 new)');
    expect(first.stdout).toContain(`The files stay in ${path.join(dataDir, 'storage')}`);
    const copied = await everyRow(target.db);
    // A table of one row its migration made (the hourly sending budget, the site words' draft) keeps the
    // target's own row: the copy leaves rows already there alone. The source server's settings stay behind.
    for (const [table, rows] of Object.entries(source)) {
      if (SEEDED_SINGLETONS.includes(table)) expect(copied[table]).toHaveLength(1);
      else if (table === 'public.launch_facts') expect(copied[table]).toEqual([]);
      else expect(copied[table], table).toEqual(rows);
    }

    const second = await admin({ DATA_DIR: dataDir }, 'db', 'copy', '--to', target.url);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('public.signups: 2 rows, all in the target (0 new)');
    expect(second.stdout).not.toMatch(/\([1-9]\d* new\)/);
    expect(await everyRow(target.db)).toEqual(copied);

    // The target's own ids go on after the copied ones.
    const [next] = await target.db.query<{ id: string }>(
      "insert into public.signups (email, name, consent_version, source) values ('new@example.com', 'New', 'v1', 'embedded') returning id::text",
    );
    expect(Number(next?.id)).toBeGreaterThan(42);
  });

  it('refuses a target that lacks a migration the embedded database has', async () => {
    const [latest] = await target.db.query<{ version: string; name: string }>(
      'delete from supabase_migrations.schema_migrations where version = (select max(version) from supabase_migrations.schema_migrations) returning version, name',
    );
    try {
      const run = await admin({ DATA_DIR: dataDir }, 'db', 'copy', '--to', target.url);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `Error: The database given with --to lacks migrations ${latest?.version}_${latest?.name}: apply them first (supabase db push for Supabase; for PostgreSQL, start the server once with DATABASE_URL set to it), then copy again.\n`,
      );
    } finally {
      await target.db.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [latest?.version, latest?.name],
      );
    }
  });

  // Two runs of the tool, each a process of its own, against a target this process serves: give them time.
  it(
    "into Supabase: each user in GoTrue's auth.users with an e-mail identity, their progress kept",
    { timeout: 300_000 },
    async () => {
      const supabase = await createTarget(folder);
      try {
        await supabase.db.exec(SUPABASE_SHAPED_AUTH);
        const run = await admin({ DATA_DIR: dataDir }, 'db', 'copy', '--to', supabase.url);
        expect(run.stderr).toBe('');
        expect(run.stdout).toContain('auth.users: 1 rows, all in the target (1 new)');
        expect(run.stdout).not.toContain('auth.sessions');
        const users = await supabase.db.query(
          'select instance_id, id, aud, role, email, email_confirmed_at is not null as confirmed, confirmation_token, recovery_token, raw_app_meta_data from auth.users',
        );
        expect(users).toEqual([
          {
            instance_id: '00000000-0000-0000-0000-000000000000',
            id: USER_ID,
            aud: 'authenticated',
            role: 'authenticated',
            email: 'ada@example.com',
            confirmed: true,
            confirmation_token: '',
            recovery_token: '',
            raw_app_meta_data: { provider: 'email', providers: ['email'] },
          },
        ]);
        const identities = await supabase.db.query(
          "select provider, provider_id, user_id, email, identity_data ->> 'sub' as sub from auth.identities",
        );
        expect(identities).toEqual([
          {
            provider: 'email',
            provider_id: USER_ID,
            user_id: USER_ID,
            email: 'ada@example.com',
            sub: USER_ID,
          },
        ]);
        const progress = await everyRow(supabase.db);
        expect(progress['public.lesson_progress']).toEqual(source['public.lesson_progress']);
        expect(progress['public.course_feedback']).toEqual(source['public.course_feedback']);

        const again = await admin({ DATA_DIR: dataDir }, 'db', 'copy', '--to', supabase.url);
        expect(again.code).toBe(0);
        expect(again.stdout).not.toMatch(/\([1-9]\d* new\)/);
      } finally {
        await supabase.close();
      }
    },
  );
});
