/**
 * What the lessons commands' test files share: a database and course bucket of their own, the admin program run
 * in-process over them, three seeded lessons with Ada's progress, and reading back the rows and stored files.
 */
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createTestApp, signedInToken } from '../../server/test/test-app.ts';
import { createTestDatabase } from '../../server/test/test-database.ts';
import { appClient } from '../../server/test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { createAdminRunner } from '../test/admin-runner.ts';

const seededFolder = fileURLToPath(new URL('../../supabase/storage/course/lessons/', import.meta.url));
export const seeded = (name: string) => path.join(seededFolder, name);
export const webm = fileURLToPath(new URL('../test/fixtures/two-seconds-of-blue.webm', import.meta.url));
const ADA = '00000000-0000-4000-8000-00000000000a';

// Set by openLessonsAdmin's hook before the calling file's tests run (each test file loads this module anew).
export let db: Database;
let files: string;
export let admin: Awaited<ReturnType<typeof createAdminRunner>>;

/** Opens the calling test file's database, admin runner and folders before its tests, and closes the database after. */
export function openLessonsAdmin() {
  beforeAll(async () => {
    db = await createTestDatabase();
    files = await mkdtemp(path.join(os.tmpdir(), 'lesson-files-'));
    admin = await createAdminRunner(db);
    await db.exec(`insert into auth.users (id, email) values ('${ADA}', 'ada@example.com')`);
  });
  afterAll(() => db.close());
}

export async function lessons() {
  return db.query<{
    id: number;
    slug: string;
    title: string;
    summary: string;
    video_path: string;
    captions_path: string | null;
    poster_path: string | null;
    duration_seconds: number;
    order_index: number;
    is_published: boolean;
  }>(
    `select id::int as id, slug, title, summary, video_path, captions_path, poster_path, duration_seconds,
            order_index, is_published
       from public.lessons order by order_index, id`,
  );
}

export const progressRows = async () =>
  (await db.query<{ lesson_id: number }>('select lesson_id::int as lesson_id from public.lesson_progress'))
    .map((row) => row.lesson_id)
    .sort();

/** Every object in the course bucket, as "lessons/…" paths. */
export async function stored() {
  return (await readdir(path.join(admin.courseFolder, 'lessons'))).map((name) => `lessons/${name}`).sort();
}

/** Three of the placeholder lessons, their files in the bucket, and Ada's progress in two of them. */
export async function seedThree() {
  await db.exec('truncate public.lessons restart identity cascade');
  await db.exec(`insert into public.lessons
    (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, is_published)
    values
    ('why-three-lenses', 'Why plan with three lenses', 'The framework.', 'lessons/why-three-lenses.mp4',
     'lessons/why-three-lenses.vtt', 'lessons/why-three-lenses.webp', 47, 1, true),
    ('the-trends-lens', 'Lens one: trends', 'Spot the trends.', 'lessons/the-trends-lens.mp4',
     'lessons/the-trends-lens.vtt', null, 43, 2, true),
    ('the-dreams-lens', 'Lens three: dreams', '', 'lessons/the-dreams-lens.mp4', null, null, 43, 3, false)`);
  await db.exec(`insert into public.lesson_progress (user_id, lesson_id, position_seconds) values
    ('${ADA}', 1, 12), ('${ADA}', 2, 30)`);
  await rm(admin.courseFolder, { recursive: true, force: true });
  await cp(seededFolder, path.join(admin.courseFolder, 'lessons'), {
    recursive: true,
    filter: (source) => !/strengths|opportunities/.test(source),
  });
}

export async function file(name: string, content: string | Uint8Array) {
  const target = path.join(files, name);
  await writeFile(target, content);
  return target;
}

/** The embedded server over the same database and course bucket, and Ada signed in to it with supabase-js. */
export async function signedInLearner() {
  const app = await createTestApp(db, { storageFolder: path.dirname(admin.courseFolder) });
  const token = await signedInToken(db, ADA, 'ada@example.com');
  return { app, learner: appClient(app, EMBEDDED_ANON_KEY, token) };
}
