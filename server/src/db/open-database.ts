import path from 'node:path';
import type { Database } from './database.ts';
import { openPgliteDatabase, type PgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** PostgreSQL when a connection string is given, otherwise PGlite persisted under the data folder. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database | PgliteDatabase> {
  if (options.databaseUrl) return openPostgresDatabase(options.databaseUrl);
  return openPgliteDatabase(path.join(options.dataDir, 'pglite'));
}
