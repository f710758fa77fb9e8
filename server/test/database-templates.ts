// Vitest global setup of the server tests: a migrated database made once per run, that every test database starts
// from (test-database.ts), so that no test pays for initdb and the migrations again. On PGlite: one database, dumped
// once fresh from initdb and once migrated. On PostgreSQL (DATABASE_URL): a migrated database that each test's
// database is created from, as a template.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { openPgliteDatabase } from '../src/db/pglite-database.ts';
import { openPostgresDatabase } from '../src/db/postgres-database.ts';
import { supabaseFolder } from './test-database.ts';
import { createDatabase } from '../../scripts/with-postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump of a migrated PGlite database; unset on the pass over PostgreSQL. */
    pgliteTemplate?: string;
    /** The dump of a PGlite database fresh from initdb, before any migration; unset on the pass over PostgreSQL. */
    pgliteEmptyTemplate?: string;
    /** The name of a migrated database on DATABASE_URL's server; set on the pass over PostgreSQL only. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? postgresTemplate(project, serverUrl) : pgliteTemplates(project);
}

async function pgliteTemplates(project: TestProject) {
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

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const template = await createDatabase(serverUrl, 'test_template');
  // Closed before any test starts: PostgreSQL copies a template only while nobody is connected to it.
  const db = await openPostgresDatabase(template.url);
  try {
    await migrate(db, await readMigrations(path.join(supabaseFolder, 'migrations')));
  } finally {
    await db.close();
  }
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
