import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { openPgliteDatabase, type PgliteDatabase } from '../src/db/pglite-database.ts';
import { openPostgresDatabase } from '../src/db/postgres-database.ts';
import { createDatabase } from '../../scripts/with-postgres.mjs';

export const supabaseFolder = fileURLToPath(new URL('../../supabase/', import.meta.url));

/**
 * A fresh, migrated database for one test file: in-memory PGlite (createPgliteTestDatabase), or, when DATABASE_URL
 * is set (`npm test` does so for its PostgreSQL pass), a new database on that server, copied from the run's migrated
 * template (database-templates.ts) and dropped by `close()`.
 */
export async function createTestDatabase(): Promise<Database | PgliteDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return createPgliteTestDatabase();
  const created = await createDatabase(serverUrl, 'test', inject('postgresTemplate'));
  const inner = await openPostgresDatabase(created.url);
  const db: Database = {
    ...inner,
    async close() {
      await inner.close();
      await created.drop();
    },
  };
  await migrate(db, await readMigrations(path.join(supabaseFolder, 'migrations')));
  return db;
}

/**
 * A fresh, migrated in-memory PGlite database, started from the migrated template of database-templates.ts when the
 * run has one, so that no test pays for initdb and the migrations again.
 */
export async function createPgliteTestDatabase(): Promise<PgliteDatabase> {
  const db = await openFromTemplate(inject('pgliteTemplate'));
  await migrate(db, await readMigrations(path.join(supabaseFolder, 'migrations')));
  return db;
}

/**
 * A migrated PGlite database in a new data folder (`dataDir`/pglite, where the server keeps it), started from the
 * run's migrated template rather than from initdb, which costs seconds of CPU and disk each time.
 */
export async function createPgliteDataDirDatabase(dataDir: string): Promise<PgliteDatabase> {
  const db = await openFromTemplate(inject('pgliteTemplate'), path.join(dataDir, 'pglite'));
  await migrate(db, await readMigrations(path.join(supabaseFolder, 'migrations')));
  return db;
}

/**
 * A fresh PGlite database as initdb leaves it, before any migration (from the run's template): in memory, or on disk
 * in `folder`, checkpointed every `checkpointEveryMs` there.
 */
export function createEmptyPgliteDatabase(
  options: { folder?: string; checkpointEveryMs?: number } = {},
): Promise<PgliteDatabase> {
  return openFromTemplate(inject('pgliteEmptyTemplate'), options.folder, options.checkpointEveryMs);
}

async function openFromTemplate(
  template: string | undefined,
  dataDir?: string,
  checkpointEveryMs?: number,
): Promise<PgliteDatabase> {
  return openPgliteDatabase(dataDir, {
    // A Blob backed by the file, which PGlite reads once: one made of a Buffer copies every byte twice more.
    ...(template && { from: await openAsBlob(template) }),
    ...(checkpointEveryMs !== undefined && { checkpointEveryMs }),
  });
}

export const databaseKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
