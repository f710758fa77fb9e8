// The lessons a new installation is seeded with (supabase/seeds/lessons.sql), read at build time: the landing
// page is prerendered with the course length they add up to, and /course with their outline, before the live
// outline is known.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const seedFile = path.resolve(import.meta.dirname, '..', 'supabase', 'seeds', 'lessons.sql');
/** Where the seed's files are: its paths are inside the bucket `course`. */
const courseBucket = path.resolve(import.meta.dirname, '..', 'supabase', 'storage', 'course');
const COLUMNS_END = /\)\s*as sample \(([^)]*)\)/;
/**
 * One value of a row: a SQL string ('' is a quote), a whole number, true or false, or an array of strings
 * (`array['a', 'b']`, `array[]::text[]`).
 */
const VALUE =
  /\s*(?:'((?:[^']|'')*)'|(-?\d+)|(true|false)|array\[((?:[^'\]]|'(?:[^']|'')*')*)\](?:::text\[\])?)\s*(,|\))/y;
const ARRAY_ITEM = /\s*'((?:[^']|'')*)'\s*(?:,|$)/y;

/** The strings of an `array[…]`'s inside, or undefined when it holds anything else. */
function readArray(inside) {
  const items = [];
  ARRAY_ITEM.lastIndex = 0;
  while (ARRAY_ITEM.lastIndex < inside.length) {
    const match = ARRAY_ITEM.exec(inside);
    if (!match) return inside.trim() === '' && items.length === 0 ? items : undefined;
    items.push(match[1].replaceAll("''", "'"));
  }
  return items;
}

/** A matched value as JavaScript: a string, a number, a boolean or an array of strings. */
function valueOf(match) {
  if (match[1] !== undefined) return match[1].replaceAll("''", "'");
  if (match[2] !== undefined) return Number(match[2]);
  if (match[3] !== undefined) return match[3] === 'true';
  return readArray(match[4]);
}

/** A row's values, or undefined when the line is not `(value, value, …)` with an optional trailing comma. */
function readRow(line) {
  const text = line.trim().replace(/,$/, '');
  if (!text.startsWith('(')) return undefined;
  const values = [];
  VALUE.lastIndex = 1;
  for (;;) {
    const match = VALUE.exec(text);
    if (!match) return undefined;
    const value = valueOf(match);
    if (value === undefined) return undefined;
    values.push(value);
    if (match[5] === ')') return VALUE.lastIndex === text.length ? values : undefined;
  }
}

/** The seed's rows by column name, in the lessons' order; throws on a seed it cannot read rather than guessing. */
function seededRows(sql) {
  const columns =
    COLUMNS_END.exec(sql)?.[1]
      ?.split(',')
      .map((column) => column.trim()) ?? [];
  for (const needed of ['slug', 'title', 'duration_seconds', 'order_index']) {
    if (!columns.includes(needed)) throw new Error(`${seedFile}: its values name no ${needed} column`);
  }
  const lines = sql
    .slice(sql.indexOf('from (values'), sql.search(COLUMNS_END))
    .split('\n')
    .filter((line) => line.trimStart().startsWith('('));
  const lessons = lines.map((line) => {
    const values = readRow(line);
    if (values?.length !== columns.length)
      throw new Error(`${seedFile}: cannot read the lesson row ${line.trim()}`);
    const row = Object.fromEntries(columns.map((column, index) => [column, values[index]]));
    if (typeof row.duration_seconds !== 'number' || typeof row.order_index !== 'number') {
      throw new Error(`${seedFile}: cannot read the lesson row ${line.trim()}`);
    }
    return row;
  });
  if (lessons.length === 0) throw new Error(`${seedFile}: no lesson found`);
  return lessons.sort((a, b) => a.order_index - b.order_index);
}

/**
 * The seeded lessons' public outline (slug, title, summary, length, order, whether it is a free preview and whom
 * it speaks to), in order; throws on a seed it cannot read rather than guessing.
 */
export function seededOutline(sql = readFileSync(seedFile, 'utf8')) {
  return seededRows(sql).map((row) => ({
    slug: String(row.slug),
    title: String(row.title),
    summary: typeof row.summary === 'string' ? row.summary : '',
    durationSeconds: row.duration_seconds,
    orderIndex: row.order_index,
    isPreview: row.is_preview === true,
    speaksTo: Array.isArray(row.speaks_to) ? row.speaks_to : [],
  }));
}

/** The file of the first seeded lesson's poster, in the repository's copy of the bucket; null when it has none. */
export function seededFirstPosterFile(sql = readFileSync(seedFile, 'utf8')) {
  const [first] = seededRows(sql);
  return typeof first?.poster_path === 'string' ? path.join(courseBucket, first.poster_path) : null;
}

/** Each seeded lesson's duration in seconds, in the lessons' order. */
export function seededLessonSeconds(sql) {
  return seededOutline(sql).map((lesson) => lesson.durationSeconds);
}
