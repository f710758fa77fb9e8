// The lengths of the lessons a new installation is seeded with (supabase/seeds/lessons.sql), read at build time:
// the landing page is prerendered with the course length they add up to, before the live outline is known.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const seedFile = path.resolve(import.meta.dirname, '..', 'supabase', 'seeds', 'lessons.sql');
const COLUMNS_END = /\)\s*as sample \(([^)]*)\)/;
/** A row of the seed's `values` list ends with its duration_seconds and order_index. */
const ROW = /^\s*\('.*,\s*(\d+),\s*(-?\d+)\),?$/;

/** Each seeded lesson's duration in seconds, in the lessons' order; throws on a seed it cannot read. */
export function seededLessonSeconds(sql = readFileSync(seedFile, 'utf8')) {
  const columns = COLUMNS_END.exec(sql)?.[1]
    ?.split(',')
    .map((column) => column.trim());
  if (columns?.at(-2) !== 'duration_seconds' || columns.at(-1) !== 'order_index') {
    throw new Error(`${seedFile}: expected its values to end with (…, duration_seconds, order_index)`);
  }
  const rows = sql
    .slice(sql.indexOf('from (values'), sql.search(COLUMNS_END))
    .split('\n')
    .filter((line) => line.trimStart().startsWith('('));
  const lessons = rows.map((line) => {
    const match = ROW.exec(line);
    if (!match) throw new Error(`${seedFile}: cannot read the lesson row ${line.trim()}`);
    return { seconds: Number(match[1]), order: Number(match[2]) };
  });
  if (lessons.length === 0) throw new Error(`${seedFile}: no lesson found`);
  return lessons.sort((a, b) => a.order - b.order).map((lesson) => lesson.seconds);
}
