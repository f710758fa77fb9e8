// Vitest global setup of the server tests: one migrated PGlite database, dumped once, that every test database
// on PGlite starts from (createTestDatabase), so that no test file pays for initdb and the migrations again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { openPgliteDatabase } from '../src/db/pglite-database.ts';
import { supabaseFolder } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump of a migrated PGlite database; unset on the pass over PostgreSQL. */
    pgliteTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return undefined;
  const db = await openPgliteDatabase();
  try {
    await migrate(db, await readMigrations(path.join(supabaseFolder, 'migrations')));
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
    const file = path.join(folder, 'migrated.tar');
    await writeFile(file, Buffer.from(await (await db.dump()).arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rm(folder, { recursive: true, force: true });
  } finally {
    await db.close();
  }
}
