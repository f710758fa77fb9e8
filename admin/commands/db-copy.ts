// `db copy --to <url>`: the embedded database's rows (guides, sign-ups, the outbox, users, lessons and progress)
// into a PostgreSQL or Supabase database that has the migrations applied: one transaction, ids kept, rows
// already there left alone, so a second run changes nothing; the course files go along to Supabase Storage.
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import path from 'node:path';
import { type Database, openPostgresDatabase, type Tx } from '../../server/src/db/index.ts';
import { readEnv } from '../../server/src/env.ts';
import { AdminError } from '../admin-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { quote, readSnapshot, sequencesOf, type TableInfo, tablesOf } from '../database-snapshot.ts';
import { uploadStorageFiles } from './db-copy-storage.ts';

type Snapshot = Awaited<ReturnType<typeof readSnapshot>>;
type Row = Record<string, unknown>;

const INSERT_BATCH = 500;
/** GoTrue's single instance: every user of a hosted project carries it. */
const GOTRUE_INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

interface CopiedTable {
  table: string;
  source: number;
  inserted: number;
}

function targetUrl(text: string): string {
  if (!/^postgres(ql)?:\/\/\S+$/.test(text))
    throw new InvalidArgumentError('must be a connection string starting with postgres:// or postgresql://');
  return text;
}

async function primaryKeyOf(tx: Tx, table: string): Promise<string[]> {
  const rows = await tx.query<{ column: string }>(
    `select a.attname::text as column
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary`,
    [table],
  );
  return rows.map((row) => row.column);
}

/**
 * Rows go in as they were, in any order: no trigger stamps its own time on them, no foreign key waits for its
 * row (the source is consistent, and every row is checked to be there at the end). Supabase's postgres role may.
 */
async function allowRowsAsTheyAre(tx: Tx) {
  try {
    await tx.query('set local session_replication_role = replica');
  } catch (error) {
    throw new AdminError(
      'invalid',
      `The user in --to may not set session_replication_role (${error instanceof Error ? error.message : String(error)}): connect as the database's owner or a superuser.`,
    );
  }
}

/** Refuses a target without every migration the embedded database has: its tables would not fit the rows. */
async function checkMigrations(tx: Tx, snapshot: Snapshot) {
  const [{ present } = { present: false }] = await tx.query<{ present: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
  );
  const applied = present
    ? (
        await tx.query<{ id: string }>(
          "select version || '_' || coalesce(name, '') as id from supabase_migrations.schema_migrations",
        )
      ).map((row) => row.id)
    : [];
  const missing = snapshot.migrations.filter((id) => !applied.includes(id));
  if (missing.length > 0) {
    throw new AdminError(
      'invalid',
      `The database given with --to lacks migrations ${missing.join(', ')}: apply them first (supabase db push for Supabase; for PostgreSQL, start the server once with DATABASE_URL set to it), then copy again.`,
    );
  }
}

/** Inserts rows that are not there yet (by any unique key), and checks that every source row now is. */
async function copyTable(
  tx: Tx,
  targets: Map<string, TableInfo>,
  table: string,
  rows: Row[],
): Promise<CopiedTable> {
  const info = targets.get(table);
  if (!info) throw new AdminError('invalid', `The database given with --to has no table ${table}.`);
  if (rows.length === 0) return { table, source: 0, inserted: 0 };
  const columns = Object.keys(rows[0] ?? {}).filter((column) => info.columns.includes(column));
  const list = columns.map(quote).join(', ');
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const added = await tx.query(
      `insert into ${info.name} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${info.name}, $1::json)
       on conflict do nothing returning 1`,
      [JSON.stringify(rows.slice(start, start + INSERT_BATCH))],
    );
    inserted += added.length;
  }
  const key = (await primaryKeyOf(tx, info.name)).map(quote).join(', ');
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
    `select count(*)::int as count from ${info.name} t
     join json_populate_recordset(null::${info.name}, $1::json) s using (${key})`,
    [JSON.stringify(rows)],
  );
  if (count !== rows.length) {
    throw new AdminError(
      'invalid',
      `${rows.length - count} of ${rows.length} rows of ${table} clash with other rows already in the target (the same unique value under another key): nothing was copied.`,
    );
  }
  return { table, source: rows.length, inserted };
}

/**
 * Supabase's own auth.users (GoTrue's): each learner with their id and confirmed address, and an e-mail identity.
 * GoTrue reads its token columns as strings and fails on NULL: they are written empty, as it writes them.
 */
async function copySupabaseUsers(tx: Tx, users: Row[]): Promise<CopiedTable> {
  const recordset = `json_to_recordset($1::json) as u(id uuid, email text, email_confirmed_at timestamptz,
    last_sign_in_at timestamptz, created_at timestamptz, updated_at timestamptz, identity_id uuid)`;
  const json = JSON.stringify(users);
  const added = await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, last_sign_in_at, created_at,
       updated_at, raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
       email_change)
     select $2::uuid, u.id, 'authenticated', 'authenticated', u.email, u.email_confirmed_at, u.last_sign_in_at,
       u.created_at, u.updated_at, '{"provider": "email", "providers": ["email"]}'::jsonb, '{}'::jsonb, '', '', '', ''
     from ${recordset}
     on conflict do nothing returning 1`,
    [json, GOTRUE_INSTANCE_ID],
  );
  await tx.query(
    `insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at,
       updated_at)
     select u.identity_id, u.id, u.id::text, 'email',
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', u.email_confirmed_at is not null,
         'phone_verified', false),
       u.last_sign_in_at, u.created_at, u.updated_at
     from ${recordset}
     on conflict do nothing`,
    [json],
  );
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
    `select count(*)::int as count from auth.users t join ${recordset} using (id)`,
    [json],
  );
  if (count !== users.length) {
    throw new AdminError(
      'invalid',
      `${users.length - count} of ${users.length} users clash with other users already in the target (the same address under another id): nothing was copied.`,
    );
  }
  return { table: 'auth.users', source: users.length, inserted: added.length };
}

/**
 * Moves each sequence behind an id column of `table` past every id now in it (and never back), so the target's
 * own next row gets a new id; the source's sequence counts too, for ids it handed out to rows since deleted.
 */
async function advanceSequences(tx: Tx, table: string, sourceSequences: Snapshot['sequences']) {
  const owned = await tx.query<{ column: string; sequence: string }>(
    `select a.attname::text as column, sn.nspname || '.' || s.relname as sequence
     from pg_depend d
     join pg_class s on s.oid = d.objid and s.relkind = 'S' join pg_namespace sn on sn.oid = s.relnamespace
     join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where d.refobjid = $1::regclass and d.deptype in ('a', 'i')`,
    [table],
  );
  const targetSequences = await sequencesOf(tx);
  for (const { column, sequence } of owned) {
    const [{ highest } = { highest: null }] = await tx.query<{ highest: string | null }>(
      `select max(${quote(column)})::text as highest from ${table}`,
    );
    const own = targetSequences.get(sequence);
    const values = [highest, sourceSequences.get(sequence)?.value, own?.value].filter(
      (value): value is string => typeof value === 'string',
    );
    if (!own || values.length === 0) continue;
    const value = values.map(BigInt).reduce((a, b) => (a > b ? a : b));
    await tx.query('select setval($1::regclass, $2::bigint)', [own.name, value.toString()]);
  }
}

/**
 * What the e-mail server recorded of its own settings for the launch checklist (its sender, its SITE_URL) is the
 * source server's, not the site's: the target's server or send-email function records its own at start.
 */
const SERVERS_OWN = ['public.launch_facts'];

/**
 * Copies the snapshot in one transaction on the target: nothing of it stays when any table fails. A target whose
 * `auth` schema is the embedded server's gets every auth table (users keep their sessions); a Supabase target
 * gets the users in GoTrue's own tables, and learners sign in there anew.
 */
async function copySnapshot(snapshot: Snapshot, target: Database): Promise<CopiedTable[]> {
  return target.transaction(async (tx) => {
    await checkMigrations(tx, snapshot);
    const [{ embedded } = { embedded: false }] = await tx.query<{ embedded: boolean }>(
      "select coalesce(obj_description(oid, 'pg_namespace'), '') = 'embedded' as embedded from pg_namespace where nspname = 'auth'",
    );
    const schemas = embedded ? ['public', 'auth'] : ['public'];
    const inSchemas = (name: string) => schemas.includes(name.split('.')[0] ?? '');
    const rowsOf = new Map(snapshot.tables.map(({ table, rows }) => [table, rows.map(({ row }) => row)]));
    const copied = [...rowsOf.keys()].filter((table) => inSchemas(table) && !SERVERS_OWN.includes(table));
    const counts: CopiedTable[] = [];
    const users = rowsOf.get('auth.users') ?? [];
    await allowRowsAsTheyAre(tx);
    if (!embedded) counts.push(await copySupabaseUsers(tx, users));
    const targets = await tablesOf(tx);
    for (const table of copied) counts.push(await copyTable(tx, targets, table, rowsOf.get(table) ?? []));
    for (const table of copied) {
      const info = targets.get(table);
      if (info) await advanceSequences(tx, info.name, snapshot.sequences);
    }
    return counts;
  });
}

export function dbCopyCommands(program: Command, context: AdminContext) {
  program
    .command('db')
    .description('move the embedded database to PostgreSQL or Supabase')
    .command('copy')
    .description(
      'copy every row of the embedded database (guides, sign-ups, the outbox, users, lessons, progress) into a PostgreSQL or Supabase database with the migrations applied; run it again to copy what is new',
    )
    .requiredOption('--to <url>', 'the target database (postgres://user:password@host:5432/db)', targetUrl)
    .action(async (options: { to: string }) => {
      const env = readEnv();
      if (env.databaseUrl) {
        throw new AdminError(
          'invalid',
          'DATABASE_URL is set: db copy reads the embedded database in DATA_DIR; unset DATABASE_URL and name the target with --to.',
        );
      }
      // The source is read before the target is reached: a connection opened first would sit idle meanwhile,
      // and a target that closes idle clients (the running server's socket does after 10 s) would drop it.
      const snapshot = await context.withSession(({ db }) => readSnapshot(db));
      const target = await openPostgresDatabase(options.to).catch((error: unknown) => {
        throw new Error(
          `Cannot reach the database given with --to: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      try {
        const storageFolder = path.join(env.dataDir, 'storage');
        // Files first: an upload repeated later writes the same bytes, and the rows only go in once they are there.
        const files = env.supabaseStorage
          ? await uploadStorageFiles(storageFolder, env.supabaseStorage)
          : undefined;
        const counts = await copySnapshot(snapshot, target);
        for (const { table, source, inserted } of counts) {
          context.io.stdout(`${table}: ${source} rows, all in the target (${inserted} new)\n`);
        }
        context.io.stdout(
          files
            ? `Uploaded ${files.count} files of ${storageFolder} to ${files.description}.\n`
            : `The files stay in ${storageFolder}: start the server with DATABASE_URL set to the target and DATA_DIR=${env.dataDir}.\n`,
        );
        context.io.stdout(`Copied into ${target.description}.\n`);
      } finally {
        await target.close();
      }
    });
}
