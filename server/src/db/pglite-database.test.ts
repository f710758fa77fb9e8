import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';

const SETTINGS =
  "select name, setting, unit from pg_settings where name in ('shared_buffers', 'wal_init_zero') order by name";
const EXPECTED = [
  { name: 'shared_buffers', setting: '1024', unit: '8kB' },
  { name: 'wal_init_zero', setting: 'off', unit: null },
];

describe('openPgliteDatabase', () => {
  let db: Database | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    db = undefined;
    dataDir = undefined;
  });

  it('runs the database on disk with a small buffer pool and WAL files that are not zero-filled first', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-settings-'));
    db = await openPgliteDatabase(path.join(dataDir, 'pglite'));
    expect(await db.query(SETTINGS)).toEqual(EXPECTED);
  }, 60_000);

  it('gives a database in memory the same settings', async () => {
    db = await openPgliteDatabase();
    expect(await db.query(SETTINGS)).toEqual(EXPECTED);
  });
});
