// Every row of the app's schemas as one moment's snapshot, and such a snapshot put back: the SQL of `backup`,
// `restore` and `db copy`.
import type { Database, Sql } from '../server/src/db/index.ts';
import { AdminError } from './admin-error.ts';

const SCHEMAS = ['public', 'auth'];
const INSERT_BATCH = 500;

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface TableInfo {
  name: string;
  columns: string[];
}

/** The tables of the app's schemas, as `schema.table`, with the columns a row may be given (no generated ones). */
export async function tablesOf(sql: Sql): Promise<Map<string, TableInfo>> {
  const rows = await sql.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
             order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
     order by 1, 2`,
    [SCHEMAS],
  );
  return new Map(
    rows.map((row) => [
      `${row.schema}.${row.name}`,
      { name: `${quote(row.schema)}.${quote(row.name)}`, columns: row.columns },
    ]),
  );
}

export async function sequencesOf(sql: Sql): Promise<Map<string, { name: string; value: string | null }>> {
  const rows = await sql.query<{ schema: string; name: string; value: string | null }>(
    `select schemaname as schema, sequencename as name, last_value::text as value
     from pg_sequences where schemaname = any($1::text[])`,
    [SCHEMAS],
  );
  return new Map(
    rows.map((row) => [
      `${row.schema}.${row.name}`,
      { name: `${quote(row.schema)}.${quote(row.name)}`, value: row.value },
    ]),
  );
}

/**
 * Every row of the app's schemas (and the migrations and sequences), read in one transaction so they are one
 * moment's; the site's own queries wait while it reads. `backup` writes it to a file, `db copy` to PostgreSQL.
 */
export function readSnapshot(db: Database) {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const migrations = await tx.query<{ id: string }>(
      "select version || '_' || name as id from supabase_migrations.schema_migrations order by version",
    );
    const tables: Array<{ table: string; rows: Array<{ row: Record<string, unknown> }> }> = [];
    for (const [table, info] of await tablesOf(tx)) {
      tables.push({
        table,
        rows: await tx.query<{ row: Record<string, unknown> }>(
          `select row_to_json(t) as row from ${info.name} t`,
        ),
      });
    }
    return { migrations: migrations.map((row) => row.id), tables, sequences: await sequencesOf(tx) };
  });
}

/**
 * Puts a snapshot's rows and sequences into a database that has the snapshot's migrations and nothing else, in
 * one transaction. Answers how many rows went in.
 */
export function restoreSnapshot(
  db: Database,
  rows: ReadonlyMap<string, Array<Record<string, unknown>>>,
  sequences: ReadonlyArray<{ sequence: string; value: string }>,
): Promise<number> {
  return db.transaction(async (tx) => {
    let rowCount = 0;
    // Rows go in as they were, in any order: no foreign-key or trigger checks while they do.
    await tx.query('set local session_replication_role = replica');
    const tables = await tablesOf(tx);
    // Only the backup's rows: none a migration may have put in.
    for (const info of tables.values()) await tx.query(`delete from ${info.name}`);
    for (const [table, tableRows] of rows) {
      const info = tables.get(table);
      if (!info)
        throw new AdminError('invalid', `The backup has rows for ${table}, which this version lacks.`);
      const columns = info.columns.map(quote).join(', ');
      for (let start = 0; start < tableRows.length; start += INSERT_BATCH) {
        const batch = tableRows.slice(start, start + INSERT_BATCH);
        await tx.query(
          `insert into ${info.name} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${info.name}, $1::json)`,
          [JSON.stringify(batch)],
        );
        rowCount += batch.length;
      }
    }
    const known = await sequencesOf(tx);
    for (const { sequence, value } of sequences) {
      const info = known.get(sequence);
      if (info) await tx.query('select setval($1::regclass, $2::bigint)', [info.name, value]);
    }
    return rowCount;
  });
}
