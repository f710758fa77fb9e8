// Vitest global setup of the server tests: one PGlite database, dumped once fresh from initdb and once migrated,
// that every test database on PGlite starts from (test-database.ts), so that no test pays for initdb again.
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
    /** The dump of a PGlite database fresh from initdb, before any migration; unset on the pass over PostgreSQL. */
    pgliteEmptyTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return undefined;
  const db = await openPgliteDatabase();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
  const dumpTo = async (name: string) => {
    const file = path.join(folder, name);
    await writeFile(file, Buffer.from(await (await db.dump()).arrayBuffer()));
    return file;
  };
  try {
    project.provide('pgliteEmptyTemplate', await dumpTo('empty.tar'));
    await migrate(db, await readMigrations(path.join(supabaseFolder, 'migrations')));
    project.provide('pgliteTemplate', await dumpTo('migrated.tar'));
    return () => rm(folder, { recursive: true, force: true });
  } finally {
    await db.close();
  }
}
