import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { solidPng } from '../server/test/test-images.ts';
import { readGuideImage } from './guide-image.ts';
import { localBucket } from '../server/src/storage/storage-door.ts';
import { supabaseBucket } from './storage-bucket.ts';

async function samplePicture() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'picture-'));
  const file = path.join(folder, 'portrait.png');
  await writeFile(file, solidPng(3, 2, [0, 128, 0]));
  return readGuideImage(file);
}

describe('a local bucket', () => {
  it('stores a picture once under its content-hashed name, leaving no temporary file', async () => {
    const folder = path.join(await mkdtemp(path.join(os.tmpdir(), 'storage-')), 'guides');
    const bucket = localBucket(folder);
    const picture = await samplePicture();
    expect(await bucket.put(picture)).toBe(picture.objectName);
    expect(await bucket.put(picture)).toBe(picture.objectName);
    expect(await readdir(folder)).toEqual([picture.objectName]);
    expect(await readFile(path.join(folder, picture.objectName))).toEqual(Buffer.from(picture.bytes));
  });

  it('stores under a folder of the bucket, and removes objects, gone ones included', async () => {
    const folder = path.join(await mkdtemp(path.join(os.tmpdir(), 'storage-')), 'course');
    const bucket = localBucket(folder);
    const object = {
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'video/mp4',
      objectName: 'lessons/abc.mp4',
    };
    expect(await bucket.put(object)).toBe('lessons/abc.mp4');
    expect(await readdir(path.join(folder, 'lessons'))).toEqual(['abc.mp4']);
    await bucket.remove(['lessons/abc.mp4', 'lessons/never-there.vtt']);
    expect(await readdir(path.join(folder, 'lessons'))).toEqual([]);
    for (const objectName of ['lessons/ab12/master.m3u8', 'lessons/ab12/360p/segment-000.m4s']) {
      await bucket.put({ bytes: new Uint8Array([1]), contentType: 'video/iso.segment', objectName });
    }
    await bucket.removeFolder('lessons/ab12/');
    await bucket.removeFolder('lessons/never-there/');
    expect(await readdir(path.join(folder, 'lessons'))).toEqual([]);
    await expect(bucket.removeFolder('../')).rejects.toThrow(/is not in/);
  });
});

/**
 * Supabase Storage's upload endpoint, played by a local server that records what it gets:
 * this checks the request the tool makes (path, service key, content type, upsert), not Supabase itself.
 */
describe('a Supabase Storage bucket', () => {
  const received: Array<{ method: string; path: string; headers: Record<string, string>; body: Buffer }> = [];
  let url = '';
  let close: () => void = () => undefined;
  beforeAll(async () => {
    const storage = new Hono();
    // A stream's folder, listed one level a request as Storage does: files have an id, sub-folders none.
    // Registered before the upload route, whose wildcard would take it.
    storage.post('/storage/v1/object/list/:bucket', async (c) => {
      const { prefix } = z.object({ prefix: z.string() }).parse(await c.req.json());
      received.push({ method: 'LIST', path: prefix, headers: c.req.header(), body: Buffer.from('') });
      if (prefix === 'lessons/ab12')
        return c.json([
          { name: '360p', id: null },
          { name: 'master.m3u8', id: 'm' },
        ]);
      if (prefix === 'lessons/ab12/360p') return c.json([{ name: 'segment-000.m4s', id: 's' }]);
      return c.json([]);
    });
    storage.get('/storage/v1/object/course/lessons/studio/video.mp4', (c) =>
      c.req.header('authorization') === 'Bearer service-role-key' ? c.body('the upload') : c.body(null, 403),
    );
    storage.on(['POST', 'DELETE'], '/storage/v1/object/:bucket/*', async (c) => {
      received.push({
        method: c.req.method,
        path: c.req.path,
        headers: c.req.header(),
        body: Buffer.from(await c.req.arrayBuffer()),
      });
      if (c.req.method === 'DELETE') return c.json([]);
      return c.json({ Key: c.req.path.replace('/storage/v1/object/', ''), Id: 'b7b1' });
    });
    storage.post('/missing-bucket/storage/v1/object/:bucket/:name', (c) =>
      c.json({ statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' }, 400),
    );
    const port = await new Promise<number>((resolve) => {
      const server = serve({ fetch: storage.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(info.port),
      );
      close = () => server.close();
    });
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => close());

  const storage = (base: string) => ({ url: base, serviceRoleKey: 'service-role-key' });

  it('uploads with the service key, the detected content type and upsert, returning the object path', async () => {
    const picture = await samplePicture();
    const bucket = supabaseBucket(storage(url), 'guides');
    expect(bucket.description).toBe(`the bucket "guides" of Supabase Storage at ${url}`);
    expect(await bucket.put(picture)).toBe(picture.objectName);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/storage/v1/object/guides/${picture.objectName}`,
    });
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer service-role-key',
      apikey: 'service-role-key',
      'content-type': 'image/png',
      'x-upsert': 'true',
      'cache-control': 'max-age=31536000',
    });
    expect(request?.body).toEqual(Buffer.from(picture.bytes));
  });

  it('deletes as storage-js does: DELETE on the bucket with the paths as prefixes', async () => {
    received.length = 0;
    await supabaseBucket(storage(url), 'course').remove(['lessons/a.mp4', 'lessons/a.vtt']);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'DELETE', path: '/storage/v1/object/course' });
    expect(received[0]?.headers).toMatchObject({ authorization: 'Bearer service-role-key' });
    expect(JSON.parse(received[0]?.body.toString() ?? '')).toEqual({
      prefixes: ['lessons/a.mp4', 'lessons/a.vtt'],
    });
  });

  it("deletes a stream's folder: every object listed below it, sub-folders included, in one DELETE", async () => {
    received.length = 0;
    await supabaseBucket(storage(url), 'course').removeFolder('lessons/ab12/');
    expect(received.map(({ method, path }) => [method, path])).toEqual([
      ['LIST', 'lessons/ab12'],
      ['LIST', 'lessons/ab12/360p'],
      ['DELETE', '/storage/v1/object/course'],
    ]);
    expect(JSON.parse(received[2]?.body.toString() ?? '')).toEqual({
      prefixes: ['lessons/ab12/360p/segment-000.m4s', 'lessons/ab12/master.m3u8'],
    });
  });

  it('downloads an object to a file for the work at hand, and deletes the file after', async () => {
    let copy = '';
    const text = await supabaseBucket(storage(url), 'course').withLocalCopy(
      'lessons/studio/video.mp4',
      async (file) => {
        copy = file;
        return readFile(file, 'utf8');
      },
    );
    expect(text).toBe('the upload');
    await expect(readFile(copy)).rejects.toThrow(/ENOENT/);
  });

  it("reports Storage's refusal", async () => {
    const base = `${url}/missing-bucket`;
    await expect(supabaseBucket(storage(base), 'guides').put(await samplePicture())).rejects.toThrow(
      /Supabase Storage refused the upload of [0-9a-f]{32}\.png: Bucket not found/,
    );
  });
});
