import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, signedInToken } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const SEGMENT = Buffer.from(Array.from({ length: 2000 }, (_, index) => (index * 11) % 256));
const STREAM_FILES = ['master.m3u8', '360p/index.m3u8', '360p/init_0.mp4', '360p/segment-000.m4s'];
/** The stream folders of a published lesson, a published preview, a draft, and one no lesson names. */
const FOLDERS = {
  lesson: 'a'.repeat(32),
  preview: 'b'.repeat(32),
  draft: 'c'.repeat(32),
  loose: 'd'.repeat(32),
};
const files = (folder: string) => STREAM_FILES.map((file) => `lessons/${folder}/${file}`);

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adaToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.query(
    `insert into public.lessons
       (slug, title, video_path, stream_path, duration_seconds, order_index, is_published, is_preview)
     values
       ('lesson', 'Lesson', $1 || '/video.mp4', $1 || '/master.m3u8', 40, 1, true, false),
       ('preview', 'Preview', $2 || '/video.mp4', $2 || '/master.m3u8', 40, 2, true, true),
       ('draft', 'Draft', $3 || '/video.mp4', $3 || '/master.m3u8', 40, 3, false, true)`,
    [`lessons/${FOLDERS.lesson}`, `lessons/${FOLDERS.preview}`, `lessons/${FOLDERS.draft}`],
  );
  const storage = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
  for (const folder of Object.values(FOLDERS)) {
    await mkdir(path.join(storage, 'course', 'lessons', folder, '360p'), { recursive: true });
    await writeFile(path.join(storage, 'course', 'lessons', folder, 'master.m3u8'), '#EXTM3U\n');
    await writeFile(path.join(storage, 'course', 'lessons', folder, '360p', 'index.m3u8'), '#EXTM3U\n');
    await writeFile(path.join(storage, 'course', 'lessons', folder, '360p', 'init_0.mp4'), SEGMENT);
    await writeFile(path.join(storage, 'course', 'lessons', folder, '360p', 'segment-000.m4s'), SEGMENT);
  }
  app = await createTestApp(db, { storageFolder: storage });
  adaToken = await signedInToken(db, ADA, 'ada@example.com');
});
afterAll(() => db.close());

const learner = () => appClient(app, EMBEDDED_ANON_KEY, adaToken).storage.from('course');
const anon = () => appClient(app, EMBEDDED_ANON_KEY).storage.from('course');
const signedPaths = (data: Array<{ path: string | null; error: string | null }> | null) =>
  (data ?? []).filter((signed) => signed.error === null).map((signed) => signed.path);

describe("a lesson's adaptive stream on the embedded server", () => {
  it("signs a learner every file of a published lesson's stream in one request, for at most an hour", async () => {
    const { data, error } = await learner().createSignedUrls(files(FOLDERS.lesson), 24 * 60 * 60);
    expect(error).toBeNull();
    expect(signedPaths(data)).toEqual(files(FOLDERS.lesson));
    for (const signed of data ?? []) {
      const claims = decodeJwt(new URL(signed.signedUrl ?? '').searchParams.get('token') ?? '');
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    }
  });

  it('serves a segment in byte ranges with its type, cached privately while its URL lasts', async () => {
    const { data } = await learner().createSignedUrl(`lessons/${FOLDERS.lesson}/360p/segment-000.m4s`, 600);
    const ranged = await app.request(data?.signedUrl ?? '', { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/iso.segment');
    expect(ranged.headers.get('content-range')).toBe('bytes 0-99/2000');
    expect(ranged.headers.get('cache-control')).toMatch(/^private, max-age=(600|599)$/);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(SEGMENT.subarray(0, 100));
    const playlist = await learner().createSignedUrl(`lessons/${FOLDERS.lesson}/master.m3u8`, 600);
    const served = await app.request(playlist.data?.signedUrl ?? '');
    expect(served.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  });

  it("signs a learner no draft's stream and no folder a lesson does not name", async () => {
    for (const folder of [FOLDERS.draft, FOLDERS.loose]) {
      const { data } = await learner().createSignedUrls(files(folder), 600);
      expect(signedPaths(data)).toEqual([]);
    }
  });

  it("signs anon a published preview's stream, and no other lesson's segment", async () => {
    const preview = await anon().createSignedUrls(files(FOLDERS.preview), 600);
    expect(signedPaths(preview.data)).toEqual(files(FOLDERS.preview));
    for (const folder of [FOLDERS.lesson, FOLDERS.draft, FOLDERS.loose]) {
      const { data } = await anon().createSignedUrls(files(folder), 600);
      expect(signedPaths(data)).toEqual([]);
    }
    const one = await anon().createSignedUrl(`lessons/${FOLDERS.lesson}/360p/segment-000.m4s`, 600);
    expect(one.error).toMatchObject({ status: 404, message: 'Object not found' });
  });

  it('serves no segment without a signed URL: not unsigned, not public, not with a session alone', async () => {
    const key = `lessons/${FOLDERS.lesson}/360p/segment-000.m4s`;
    const bearer = { authorization: `Bearer ${adaToken}` };
    for (const [url, headers] of [
      [`/storage/v1/object/sign/course/${key}`, bearer],
      [`/storage/v1/object/public/course/${key}`, bearer],
      [`/storage/v1/object/authenticated/course/${key}`, bearer],
      [`/storage/v1/object/course/${key}`, bearer],
    ] as const) {
      const response = await app.request(url, { headers });
      expect(response.status, url).toBeGreaterThanOrEqual(400);
    }
  });

  it('signs nothing of a stream once the session has ended', async () => {
    const token = await signedInToken(db, ADA, 'ada@example.com');
    const logout = await app.request('/auth/v1/logout?scope=local', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    const signer = appClient(app, EMBEDDED_ANON_KEY, token).storage.from('course');
    const { data, error } = await signer.createSignedUrls(files(FOLDERS.lesson), 600);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 401 });
  });
});
