import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { seedGuides } from './seed.ts';
import { createTestDatabase, supabaseFolder } from '../../test/test-database.ts';

const sources = {
  seedSql: path.join(supabaseFolder, 'seed.sql'),
  storageFolder: path.join(supabaseFolder, 'storage', 'guides'),
};
let db: Database;
let bucket: string;

beforeAll(async () => {
  db = await createTestDatabase();
  bucket = path.join(await mkdtemp(path.join(os.tmpdir(), 'bucket-')), 'guides');
});
afterAll(() => db.close());

describe('seedGuides', () => {
  it('fills an empty table with sample guides, one inactive, and copies every image they name', async () => {
    expect(await seedGuides(db, sources, bucket)).toBe(true);
    const rows = await db.query<{ is_active: boolean; image_url: string }>(
      'select is_active, image_url from public.guides',
    );
    expect(rows.filter((row) => row.is_active).length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((row) => !row.is_active)).toHaveLength(1);
    const copied = await readdir(bucket);
    for (const row of rows) expect(copied).toContain(row.image_url);
  });

  it('never seeds a table that has rows', async () => {
    const [before] = await db.query<{ count: number }>('select count(*)::int as count from public.guides');
    expect(await seedGuides(db, sources, bucket)).toBe(false);
    const [after] = await db.query<{ count: number }>('select count(*)::int as count from public.guides');
    expect(after?.count).toBe(before?.count);
  });
});
