import { cp, readFile } from 'node:fs/promises';
import type { Database } from './database.ts';

/**
 * Fills a new database with the sample guides and copies their images into the local bucket.
 * Called only on a database's first start, and a no-op unless `guides` is empty, so it never
 * duplicates rows or undoes an owner's choices.
 */
export async function seedGuides(
  db: Database,
  sources: { seedSql: string; storageFolder: string },
  guidesBucketFolder: string,
): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>(
    'select not exists (select 1 from public.guides) as empty',
  );
  if (!row?.empty) return false;
  await cp(sources.storageFolder, guidesBucketFolder, { recursive: true, force: false });
  const seedSql = await readFile(sources.seedSql, 'utf8');
  await db.transaction((tx) => tx.exec(seedSql));
  return true;
}
