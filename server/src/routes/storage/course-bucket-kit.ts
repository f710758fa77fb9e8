/**
 * What the course bucket's test files share: an app whose storage holds published, draft and loose lesson files,
 * a signed-in learner (Ada) and her signed URLs.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, signedInToken, TEST_JWT_SECRET } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

export const ADA = '00000000-0000-4000-8000-00000000000a';
export const SITE = 'https://lenses.example';
/** 1,000 bytes that differ from their neighbours, so a wrong range shows. */
export const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, index) => (index * 7) % 256));
export const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome.\n';

// Set by openCourseBucket's hook before the calling file's tests run (each test file loads this module anew).
export let db: Database;
export let app: Awaited<ReturnType<typeof createTestApp>>;
export let adaToken: string;

/** Opens the calling test file's database, storage folder and app before its tests, and closes them after. */
export function openCourseBucket() {
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.exec(`
      insert into public.lessons (slug, title, video_path, captions_path, poster_path, duration_seconds, order_index, is_published)
      values
        ('welcome', 'Welcome', 'lessons/welcome.mp4', 'lessons/welcome.vtt', 'lessons/welcome poster.webp', 40, 1, true),
        ('draft', 'Draft', 'lessons/draft.mp4', null, null, 40, 2, false),
        ('second', 'Second', 'lessons/second.mp4', null, 'lessons/second.webp', 40, 3, true),
        ('early-draft', 'Early draft', 'lessons/early-draft.mp4', null, 'lessons/early-draft.webp', 40, 0, false);
    `);
    const storage = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    await mkdir(path.join(storage, 'course', 'lessons'), { recursive: true });
    await mkdir(path.join(storage, 'guides'));
    await writeFile(path.join(storage, 'course', 'lessons', 'welcome.mp4'), VIDEO);
    await writeFile(path.join(storage, 'course', 'lessons', 'welcome.vtt'), CAPTIONS);
    await writeFile(path.join(storage, 'course', 'lessons', 'welcome poster.webp'), Buffer.from([1, 2, 3]));
    await writeFile(path.join(storage, 'course', 'lessons', 'draft.mp4'), VIDEO);
    await writeFile(path.join(storage, 'course', 'lessons', 'loose.mp4'), VIDEO);
    for (const poster of ['second.webp', 'early-draft.webp', 'loose.webp']) {
      await writeFile(path.join(storage, 'course', 'lessons', poster), Buffer.from([4, 5, 6]));
    }
    await writeFile(path.join(storage, 'guides', 'ada.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp(db, { storageFolder: storage, siteUrls: [SITE] });
    adaToken = await signedInToken(db, ADA, 'ada@example.com');
  });
  afterAll(() => db.close());
}

export const learner = () => appClient(app, EMBEDDED_ANON_KEY, adaToken);

export async function signedUrl(objectPath: string, seconds = 60): Promise<string> {
  const { data, error } = await learner().storage.from('course').createSignedUrl(objectPath, seconds);
  if (error) throw error;
  return data.signedUrl;
}

/** A token for `url` that expired a minute ago, signed with the server's own secret. */
export function expiredToken(url: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ url })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 120)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}
