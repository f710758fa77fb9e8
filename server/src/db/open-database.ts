import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';
import { type Migration, migrate, readMigrations } from './migrate.ts';
import { openPgliteDatabase, type PgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

const migrationsFolder = fileURLToPath(new URL('../../../supabase/migrations/', import.meta.url));

/** Where the database is: PostgreSQL at `databaseUrl`; else PGlite in `dataDir`/pglite; neither, PGlite in memory. */
interface DatabasePlace {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}

/** PostgreSQL when a connection string is given, otherwise PGlite persisted under the data folder. */
export function openDatabase(place: DatabasePlace): Promise<Database | PgliteDatabase> {
  if (place.databaseUrl) return openPostgresDatabase(place.databaseUrl);
  return openPgliteDatabase(place.dataDir === undefined ? undefined : path.join(place.dataDir, 'pglite'));
}

/** The project's migrations (supabase/migrations), in the order they apply. */
export function readProjectMigrations(): Promise<Migration[]> {
  return readMigrations(migrationsFolder);
}

/**
 * Opens the database and applies the migrations it lacks, as the server does at every start: all of the
 * project's, or only `migrations` (a restore brings a backup's schema, no newer). Answers the database and the
 * migrations this call applied; when one fails, the database is closed again. `onOpenFailure` handles a
 * database that cannot be opened at all (the server explains DATABASE_URL in one line and exits).
 */
export async function openMigratedDatabase(
  place: DatabasePlace,
  options: { migrations?: readonly Migration[]; onOpenFailure?: (error: unknown) => never } = {},
): Promise<{ db: Database | PgliteDatabase; applied: string[] }> {
  const opening = openDatabase(place);
  const db = await (options.onOpenFailure ? opening.catch(options.onOpenFailure) : opening);
  try {
    return { db, applied: await migrate(db, options.migrations ?? (await readProjectMigrations())) };
  } catch (error) {
    await db.close();
    throw error;
  }
}
