import { access, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { readMigrations } from './migrate.ts';
import { SAMPLE_CONTENT, seedSampleContent } from './seed.ts';
import { createTestDatabase, supabaseFolder } from '../../test/test-database.ts';
import { OUTLINE_COLUMNS } from '../../../supabase/course-outline-columns.mjs';
import { seededOutlineRows } from '../../../scripts/seeded-lessons.mjs';

const [guidesSample, lessonsSample] = SAMPLE_CONTENT;
const migrationNames = (await readMigrations(path.join(supabaseFolder, 'migrations'))).map(
  (migration) => `${migration.version}_${migration.name}`,
);

async function count(db: Database, table: 'guides' | 'lessons'): Promise<number> {
  const [row] = await db.query<{ count: number }>(`select count(*)::int as count from public.${table}`);
  return row?.count ?? 0;
}

async function newStorageFolder(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'storage-'));
}

it('names migrations that exist, so each table is seeded when its migration is applied', () => {
  for (const sample of SAMPLE_CONTENT) expect(migrationNames).toContain(sample.createdBy);
});

describe('seedSampleContent on a new installation', () => {
  let db: Database;
  let storageFolder: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    storageFolder = await newStorageFolder();
  });
  afterAll(() => db.close());

  it('fills every table whose migration it applied, and copies every file the rows name', async () => {
    expect(await seedSampleContent(db, migrationNames, { supabaseFolder, storageFolder })).toEqual([
      'guides',
      'lessons',
    ]);

    const guides = await db.query<{ is_active: boolean; image_url: string }>(
      'select is_active, image_url from public.guides',
    );
    expect(guides.filter((row) => row.is_active).length).toBeGreaterThanOrEqual(6);
    expect(guides.filter((row) => !row.is_active)).toHaveLength(1);
    const guidePictures = await readdir(path.join(storageFolder, 'guides'));
    for (const row of guides) expect(guidePictures).toContain(row.image_url);

    const lessons = await db.query<{
      slug: string;
      video_path: string;
      captions_path: string;
      poster_path: string;
      duration_seconds: number;
      order_index: number;
      is_published: boolean;
    }>(
      `select slug, video_path, captions_path, poster_path, duration_seconds, order_index, is_published
       from public.lessons order by order_index`,
    );
    expect(lessons.map((lesson) => lesson.order_index)).toEqual([1, 2, 3, 4, 5]);
    for (const lesson of lessons) {
      expect(lesson.is_published).toBe(true);
      expect(lesson.duration_seconds).toBeGreaterThanOrEqual(30);
      expect(lesson.duration_seconds).toBeLessThanOrEqual(60);
      expect(lesson.video_path).toBe(`lessons/${lesson.slug}.mp4`);
      for (const file of [lesson.video_path, lesson.captions_path, lesson.poster_path])
        await expect(access(path.join(storageFolder, 'course', file))).resolves.toBeUndefined();
      const captions = await readFile(path.join(storageFolder, 'course', lesson.captions_path), 'utf8');
      expect(captions.startsWith('WEBVTT\n')).toBe(true);
    }
  });

  it('publishes the outline the build prerenders /course with, to the byte, so the server need not render it again', async () => {
    const rows = await db.query(
      `select ${OUTLINE_COLUMNS} from public.course_outline order by order_index, slug`,
    );
    expect(JSON.stringify(rows)).toBe(JSON.stringify(seededOutlineRows()));
  });

  it('seeds nothing on a later start, when no migration was applied', async () => {
    const before = [await count(db, 'guides'), await count(db, 'lessons')];
    expect(await seedSampleContent(db, [], { supabaseFolder, storageFolder })).toEqual([]);
    expect([await count(db, 'guides'), await count(db, 'lessons')]).toEqual(before);
  });

  it('never adds rows to a table that has some when its migration is applied', async () => {
    const before = [await count(db, 'guides'), await count(db, 'lessons')];
    expect(await seedSampleContent(db, migrationNames, { supabaseFolder, storageFolder })).toEqual([]);
    expect([await count(db, 'guides'), await count(db, 'lessons')]).toEqual(before);
  });
});

describe('seedSampleContent on an installation that gets the lessons migration later', () => {
  let db: Database;
  let storageFolder: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    storageFolder = await newStorageFolder();
    // The first start: only the guides' migration was there to apply.
    await seedSampleContent(db, [guidesSample.createdBy], { supabaseFolder, storageFolder });
  });
  afterAll(() => db.close());

  it('adds the lessons, leaves the guides as the owner left them, and keeps a file the owner replaced', async () => {
    await db.query("delete from public.guides where name = 'Tom Osei'");
    const guidesLeft = await count(db, 'guides');
    expect(await count(db, 'lessons')).toBe(0);
    const ownersPoster = path.join(storageFolder, 'course', 'lessons', 'why-three-lenses.webp');
    await mkdir(path.dirname(ownersPoster), { recursive: true });
    await writeFile(ownersPoster, 'the owner’s poster');

    expect(await seedSampleContent(db, [lessonsSample.createdBy], { supabaseFolder, storageFolder })).toEqual(
      ['lessons'],
    );
    expect(await count(db, 'lessons')).toBe(5);
    expect(await count(db, 'guides')).toBe(guidesLeft);
    expect(await readFile(ownersPoster, 'utf8')).toBe('the owner’s poster');
  });

  it('never fills the lessons again once the owner has removed them', async () => {
    await db.query('delete from public.lessons');
    expect(await seedSampleContent(db, [], { supabaseFolder, storageFolder })).toEqual([]);
    expect(await count(db, 'lessons')).toBe(0);
  });
});
