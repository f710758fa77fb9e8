import type { Sql } from '../../db/database.ts';

/**
 * The tables of schema `public`, each with its columns and their SQL types: the only identifiers a REST query
 * may name. The types let filter values travel as text and be cast by the database, which then reports a bad
 * value (`is_active=eq.banana`) as the same 22P02 error on every driver.
 */
export type Catalog = ReadonlyMap<string, ReadonlyMap<string, string>>;

export async function loadCatalog(db: Sql): Promise<Catalog> {
  const rows = await db.query<{ table_name: string; column_name: string; column_type: string }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, null) as column_type
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p') and a.attnum > 0 and not a.attisdropped`,
  );
  const catalog = new Map<string, Map<string, string>>();
  for (const { table_name, column_name, column_type } of rows) {
    const columns = catalog.get(table_name) ?? new Map<string, string>();
    columns.set(column_name, column_type);
    catalog.set(table_name, columns);
  }
  return catalog;
}
