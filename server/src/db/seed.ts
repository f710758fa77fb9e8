import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

/**
 * The sample content of each table that ships with some: its rows in `supabase/seeds/<table>.sql` (also run by
 * the Supabase CLI, config.toml's `[db.seed]`), its files in `supabase/storage/<bucket>/`, and the migration
 * that creates the table.
 */
export const SAMPLE_CONTENT = [
  { table: 'guides', createdBy: '20261122000100_guides', bucket: 'guides' },
  { table: 'lessons', createdBy: '20261123000300_course_lessons_and_progress', bucket: 'course' },
] as const;

/**
 * Puts in the sample rows and bucket files of each table whose migration was just applied (`applied`, as
 * `migrate` returns it), if the table is still empty. So a new installation gets them all, an existing one
 * gets those of a table a new migration adds, and a table the owner has emptied is never filled again.
 * Files already in the bucket are kept. Returns the tables it seeded.
 */
export async function seedSampleContent(
  db: Database,
  applied: readonly string[],
  folders: { supabaseFolder: string; storageFolder: string },
): Promise<string[]> {
  const seeded: string[] = [];
  for (const { table, createdBy, bucket } of SAMPLE_CONTENT) {
    if (!applied.includes(createdBy)) continue;
    const [row] = await db.query<{ empty: boolean }>(
      `select not exists (select 1 from public.${table}) as empty`,
    );
    if (!row?.empty) continue;
    await cp(path.join(folders.supabaseFolder, 'storage', bucket), path.join(folders.storageFolder, bucket), {
      recursive: true,
      force: false,
    });
    const seedSql = await readFile(path.join(folders.supabaseFolder, 'seeds', `${table}.sql`), 'utf8');
    await db.transaction((tx) => tx.exec(seedSql));
    seeded.push(table);
  }
  return seeded;
}
