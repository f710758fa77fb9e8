import type { Catalog } from './catalog.ts';
import { PostgrestError } from './postgrest-error.ts';

/**
 * Translates the PostgREST subset that supabase-js sends for a read into one parameterised SQL statement.
 * Identifiers come only from the catalog (and are quoted); every value is a parameter.
 * Supported: select=col,… or *; col=op.value with eq, neq, gt, gte, lt, lte, is, in; order=col[.asc|.desc][.nullsfirst|.nullslast],…;
 * limit; offset. Anything else is refused with PostgREST's own error codes. The select and order lists take at
 * most MAX_LIST_ITEMS items each (PostgreSQL's own limit is 1,664 result columns, and no table here has more
 * than a few dozen), and a repeated select item is answered once.
 */
export interface SelectStatement {
  text: string;
  params: string[];
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset']);
const MAX_LIST_ITEMS = 100;
const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const IS_VALUES: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function parseError(message: string, details: string | null = null): PostgrestError {
  return new PostgrestError(400, 'PGRST100', message, details);
}

export function columnOf(table: string, columns: ReadonlyMap<string, string>, name: string): string {
  if (!columns.has(name)) {
    throw new PostgrestError(400, '42703', `column ${table}.${name} does not exist`);
  }
  return quote(name);
}

/** Splits a comma-separated list, refusing one longer than MAX_LIST_ITEMS before looking at its items. */
function listItems(parameter: 'select' | 'order', raw: string): string[] {
  const items = raw.split(',');
  if (items.length > MAX_LIST_ITEMS) {
    throw parseError(
      `failed to parse ${parameter} parameter`,
      `${items.length} items: at most ${MAX_LIST_ITEMS} are allowed`,
    );
  }
  return items;
}

export function selectList(table: string, columns: ReadonlyMap<string, string>, raw: string | null): string {
  if (raw === null || raw.trim() === '*' || raw.trim() === '') return '*';
  const names = listItems('select', raw).map((item) => {
    const name = item.trim();
    if (name === '*') return '*';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw parseError(`failed to parse select parameter (${raw})`, `unexpected "${name}"`);
    }
    return columnOf(table, columns, name);
  });
  return [...new Set(names)].join(', ');
}

/** Parses PostgREST's list syntax `(a,b,"c,d")` into its items. */
function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`failed to parse filter (in.${raw})`);
  const items: string[] = [];
  const pattern = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  const body = raw.slice(1, -1);
  while (pattern.lastIndex < body.length) {
    const start = pattern.lastIndex;
    const match = pattern.exec(body);
    if (!match || pattern.lastIndex === start) throw parseError(`failed to parse filter (in.${raw})`);
    items.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim());
  }
  return items;
}

interface Column {
  sql: string;
  type: string;
}

function filterClause({ sql: column, type }: Column, raw: string, params: string[]): string {
  const parameter = (value: string) => {
    params.push(value);
    return `cast($${params.length}::text as ${type})`;
  };
  const dot = raw.indexOf('.');
  const operator = dot === -1 ? raw : raw.slice(0, dot);
  const value = dot === -1 ? '' : raw.slice(dot + 1);
  if (dot === -1)
    throw parseError(`failed to parse filter (${raw})`, 'unexpected end of input, expecting operator');
  const comparison = COMPARISONS[operator];
  if (comparison) {
    return `${column} ${comparison} ${parameter(value)}`;
  }
  if (operator === 'is') {
    const literal = IS_VALUES[value.toLowerCase()];
    if (!literal)
      throw parseError(`failed to parse filter (is.${value})`, 'expecting null, true, false or unknown');
    return `${column} is ${literal}`;
  }
  if (operator === 'in') {
    const items = parseList(value);
    if (items.length === 0) return 'false';
    return `${column} in (${items.map(parameter).join(', ')})`;
  }
  throw parseError(`failed to parse filter (${raw})`, `unknown or unsupported operator "${operator}"`);
}

/** PostgREST's order term: a column, then at most one direction, then at most one nulls placement. */
const ORDER_TERM = /^([^.]*)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/;

function orderClause(table: string, columns: ReadonlyMap<string, string>, raw: string): string {
  return listItems('order', raw)
    .map((term) => {
      const match = ORDER_TERM.exec(term.trim());
      if (!match) {
        throw parseError(
          `failed to parse order (${raw})`,
          'expecting column[.asc|.desc][.nullsfirst|.nullslast]',
        );
      }
      const [, name = '', direction, nulls] = match;
      const parts = [columnOf(table, columns, name)];
      if (direction) parts.push(direction);
      if (nulls) parts.push(nulls === 'nullsfirst' ? 'nulls first' : 'nulls last');
      return parts.join(' ');
    })
    .join(', ');
}

function nonNegativeInteger(name: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw parseError(`failed to parse ${name} parameter (${raw})`);
  return Number(raw);
}

export function single(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  if (values.length > 1) throw parseError(`${name} given more than once`);
  return values[0] ?? null;
}

/** The columns of a table of schema `public`, or PostgREST's 404 for a name the catalog does not hold. */
export function tableColumns(catalog: Catalog, table: string): ReadonlyMap<string, string> {
  const columns = catalog.get(table);
  if (!columns) {
    throw new PostgrestError(
      404,
      'PGRST205',
      `Could not find the table 'public.${table}' in the schema cache`,
    );
  }
  return columns;
}

export function buildSelect(catalog: Catalog, table: string, query: URLSearchParams): SelectStatement {
  const columns = tableColumns(catalog, table);
  const params: string[] = [];
  const where: string[] = [];
  for (const [key, value] of query) {
    if (RESERVED.has(key)) continue;
    const type = columns.get(key);
    where.push(filterClause({ sql: columnOf(table, columns, key), type: type ?? 'text' }, value, params));
  }
  const select = selectList(table, columns, single(query, 'select'));
  const order = single(query, 'order');
  const limit = single(query, 'limit');
  const offset = single(query, 'offset');

  let text = `select ${select} from public.${quote(table)}`;
  if (where.length > 0) text += ` where ${where.join(' and ')}`;
  if (order !== null) text += ` order by ${orderClause(table, columns, order)}`;
  if (limit !== null) text += ` limit ${nonNegativeInteger('limit', limit)}`;
  if (offset !== null) text += ` offset ${nonNegativeInteger('offset', offset)}`;
  // One JSON array from the database, as PostgREST does: no per-row work in JavaScript.
  return { text: `select coalesce(json_agg(r), '[]')::text as body from (${text}) r`, params };
}
