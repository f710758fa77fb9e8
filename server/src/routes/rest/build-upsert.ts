import { z } from 'zod';
import type { Catalog } from './catalog.ts';
import { columnOf, quote, selectList, single, tableColumns, type SelectStatement } from './build-select.ts';
import { PostgrestError } from './postgrest-error.ts';

/**
 * Translates the writes supabase-js sends into one parameterised SQL statement: `upsert()`'s insert-or-update,
 * POST /<table>?on_conflict=a,b[&columns="a","b"][&select=…] with `Prefer: resolution=merge-duplicates` (or
 * `ignore-duplicates`), and `insert()`'s plain insert, POST /<table>[?columns=…] with neither, where a row that
 * is already there fails as on PostgREST (409, 23505); each optionally with `return=representation`, over a
 * JSON object or array of objects.
 * Column names come only from the catalog; the rows travel as one JSON parameter that the database turns into
 * the table's row type (`json_populate_recordset`, as PostgREST does), so it also checks every value's type.
 */
interface UpsertStatement extends SelectStatement {
  /** `return=representation`: the statement's `body` is the rows as written; otherwise nothing is sent back. */
  returnsRows: boolean;
}

const row = z.record(z.string(), z.json());
const upsertBody = z.union([row, z.array(row)]);

/** Which of PostgREST's `Prefer` values this subset takes; anything else it would not honour is refused. */
const SUPPORTED_PREFERENCES: Record<string, readonly string[]> = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['minimal', 'representation'],
};

export function parsePreferences(header: string | undefined): Map<string, string> {
  const preferences = new Map<string, string>();
  for (const item of (header ?? '').split(',')) {
    const [name = '', value = ''] = item.trim().split('=', 2);
    if (name === '') continue;
    if (!SUPPORTED_PREFERENCES[name]?.includes(value)) {
      throw new PostgrestError(
        400,
        'PGRST122',
        `Invalid preferences given with handling=strict: ${item.trim()}`,
        null,
        'The embedded back end takes resolution=merge-duplicates|ignore-duplicates and return=minimal|representation.',
      );
    }
    preferences.set(name, value);
  }
  return preferences;
}

/** The query parameters supabase-js's insert() and upsert() send; a filter on a write is not one of them. */
const WRITE_PARAMETERS = new Set(['on_conflict', 'columns', 'select']);

/** postgrest-js's `columns` parameter: `"a","b"`, each name quoted. */
function namedColumns(raw: string): string[] {
  return raw.split(',').map((item) => item.trim().replace(/^"(.*)"$/, '$1'));
}

function onConflictClause(
  table: string,
  columns: ReadonlyMap<string, string>,
  onConflict: string,
  resolution: string | undefined,
  names: string[],
): string {
  const conflict = onConflict
    .split(',')
    .map((name) => columnOf(table, columns, name.trim()))
    .join(', ');
  const action =
    resolution === 'merge-duplicates'
      ? `do update set ${names.map((name) => `${quote(name)} = excluded.${quote(name)}`).join(', ')}`
      : 'do nothing';
  return `on conflict (${conflict}) ${action}`;
}

export function buildUpsert(
  catalog: Catalog,
  table: string,
  query: URLSearchParams,
  preferences: ReadonlyMap<string, string>,
  body: unknown,
): UpsertStatement {
  const columns = tableColumns(catalog, table);
  const resolution = preferences.get('resolution');
  const onConflict = single(query, 'on_conflict');
  const unsupported = [...query.keys()].some((name) => !WRITE_PARAMETERS.has(name));
  if (unsupported || (resolution === undefined) !== (onConflict === null)) {
    throw new PostgrestError(
      405,
      'PGRST117',
      'Unsupported HTTP method: POST',
      null,
      'The embedded back end writes as supabase-js insert() and upsert() do: Prefer: resolution=… with on_conflict, or neither.',
    );
  }
  const parsed = upsertBody.safeParse(body);
  if (!parsed.success) {
    throw new PostgrestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'Expected an object or an array of objects',
    );
  }
  const rows = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const given = single(query, 'columns');
  const names = [...new Set(given === null ? Object.keys(rows[0] ?? {}) : namedColumns(given))];
  if (names.length === 0) throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  for (const name of new Set([...names, ...rows.flatMap((item) => Object.keys(item))])) {
    if (!columns.has(name)) {
      throw new PostgrestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${table}' in the schema cache`,
      );
    }
  }
  const target = names.map(quote).join(', ');
  const relation = `public.${quote(table)}`;
  const conflict =
    onConflict === null ? '' : ` ${onConflictClause(table, columns, onConflict, resolution, names)}`;
  // No RETURNING unless the rows are asked for: like PostgREST, a minimal write needs no right to read them.
  const insert = `insert into ${relation} (${target})
      select ${target} from json_populate_recordset(null::${relation}, $1::json)${conflict}`;
  const returnsRows = preferences.get('return') === 'representation';
  const text = returnsRows
    ? `with written as (${insert} returning *)
      select coalesce(json_agg(r), '[]')::text as body
        from (select ${selectList(table, columns, single(query, 'select'))} from written) r`
    : insert;
  return { text, params: [JSON.stringify(rows)], returnsRows };
}
