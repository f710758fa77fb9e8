import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { createEmptyPgliteDatabase } from '../../test/test-database.ts';

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
    db = await createEmptyPgliteDatabase({ folder: path.join(dataDir, 'pglite') });
    expect(await db.query(SETTINGS)).toEqual(EXPECTED);
  });

  it('checkpoints a database on disk by itself, so its WAL files are reused instead of piling up', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-checkpoints-'));
    const open = await createEmptyPgliteDatabase({
      folder: path.join(dataDir, 'pglite'),
      checkpointEveryMs: 100,
    });
    db = open;
    const redo = async () =>
      (await open.query<{ redo_lsn: string }>('select redo_lsn::text from pg_control_checkpoint()'))[0]
        ?.redo_lsn;
    const before = await redo();
    await open.exec(
      "create table filler as select repeat('x', 2000) as payload from generate_series(1, 1000)",
    );
    await expect.poll(redo, { timeout: 10_000 }).not.toBe(before);
  });

  it('gives a database in memory the same settings', async () => {
    db = await createEmptyPgliteDatabase();
    expect(await db.query(SETTINGS)).toEqual(EXPECTED);
  });
});
