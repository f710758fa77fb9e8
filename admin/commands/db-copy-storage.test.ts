import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorageFiles } from './db-copy-storage.ts';

const storage = { url: 'https://project.supabase.example', serviceRoleKey: 'service-role-key' };

describe('uploadStorageFiles: DATA_DIR/storage into Supabase Storage', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'copy-storage-'));
    await mkdir(path.join(folder, 'guides'));
    await mkdir(path.join(folder, 'course', 'lesson one'), { recursive: true });
    await writeFile(path.join(folder, 'guides', 'ada.webp'), 'picture');
    await writeFile(path.join(folder, 'course', 'lesson one', 'captions.vtt'), 'WEBVTT');
    // A lesson's adaptive stream: playlists and segments two folders down.
    await mkdir(path.join(folder, 'course', 'lessons', 'ab12', '360p'), { recursive: true });
    await writeFile(path.join(folder, 'course', 'lessons', 'ab12', '360p', 'index.m3u8'), '#EXTM3U');
    await writeFile(path.join(folder, 'course', 'lessons', 'ab12', '360p', 'segment-000.m4s'), 'segment');
    // An upload still being written by the owner's tool: not a file of the bucket yet.
    await writeFile(path.join(folder, 'guides', '.ada.webp.1a2b'), 'half');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('puts each file in the bucket of its folder, with the service role, overwriting the same object', async () => {
    const requests: Array<{ url: string; headers: Headers; body: string }> = [];
    const result = await uploadStorageFiles(folder, storage, async (url, init) => {
      requests.push({ url, headers: new Headers(init.headers), body: await new Response(init.body).text() });
      return Response.json({ Key: 'ok' });
    });
    expect(result).toEqual({ count: 4, description: 'Supabase Storage at https://project.supabase.example' });
    expect(
      requests.map(({ url, body }) => ({ url, body })).sort((a, b) => a.url.localeCompare(b.url)),
    ).toEqual([
      {
        url: 'https://project.supabase.example/storage/v1/object/course/lesson%20one/captions.vtt',
        body: 'WEBVTT',
      },
      {
        url: 'https://project.supabase.example/storage/v1/object/course/lessons/ab12/360p/index.m3u8',
        body: '#EXTM3U',
      },
      {
        url: 'https://project.supabase.example/storage/v1/object/course/lessons/ab12/360p/segment-000.m4s',
        body: 'segment',
      },
      { url: 'https://project.supabase.example/storage/v1/object/guides/ada.webp', body: 'picture' },
    ]);
    for (const { headers } of requests) {
      expect(headers.get('authorization')).toBe('Bearer service-role-key');
      expect(headers.get('x-upsert')).toBe('true');
    }
    expect(requests.map(({ headers }) => headers.get('content-type')).sort()).toEqual([
      'application/vnd.apple.mpegurl',
      'image/webp',
      'text/vtt; charset=utf-8',
      'video/iso.segment',
    ]);
  });

  it('stops at the first file Storage refuses, naming it', async () => {
    await expect(
      uploadStorageFiles(folder, storage, async () =>
        Response.json({ message: 'Bucket not found' }, { status: 404 }),
      ),
    ).rejects.toThrow(
      /Supabase Storage refused (guides\/ada\.webp|course\/lesson one\/captions\.vtt) \(HTTP 404\): .*Bucket not found/,
    );
  });
});
