// The owner's plain uploads (supabase-js `upload`/`update`) into the buckets `guides` and `course`, and the
// owner's signing of a draft lesson's file to preview it: the database alone says who is an owner.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, signedInToken } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { solidPng } from '../../../test/test-images.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const OWNER = '00000000-0000-4000-8000-0000000000d1';
const LEARNER = '00000000-0000-4000-8000-0000000000d2';
const PICTURE = solidPng(4, 3, [200, 120, 40]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
let storage: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  storage = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
  await mkdir(path.join(storage, 'course', 'lessons'), { recursive: true });
  await mkdir(path.join(storage, 'teaser'));
  await writeFile(path.join(storage, 'course', 'lessons', 'draft.mp4'), Buffer.from([1, 2, 3]));
  await db.exec(`
    insert into public.owners (email) values ('coach@example.com');
    insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
    values ('draft', 'Draft', 'lessons/draft.mp4', 40, 1, false);
  `);
  app = await createTestApp(db, { storageFolder: storage });
  tokens.set(OWNER, await signedInToken(db, OWNER, 'coach@example.com'));
  tokens.set(LEARNER, await signedInToken(db, LEARNER, 'learner@example.com'));
});
afterAll(() => db.close());

const as = (userId?: string) => appClient(app, EMBEDDED_ANON_KEY, userId && tokens.get(userId));
const picture = () => new Blob([PICTURE], { type: 'image/png' });

describe(`owner uploads on the embedded server (${databaseKind})`, () => {
  it('stores an owner’s picture in guides, served at its public URL, and replaces it only when asked', async () => {
    const guides = as(OWNER).storage.from('guides');
    const { data, error } = await guides.upload('people/ada lovelace.png', picture(), {
      cacheControl: '3600',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      path: 'people/ada lovelace.png',
      fullPath: 'guides/people/ada lovelace.png',
    });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const served = await app.request(
      new URL(guides.getPublicUrl('people/ada lovelace.png').data.publicUrl).pathname,
    );
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PICTURE);

    const other = solidPng(4, 3, [10, 20, 30]);
    const again = await guides.upload('people/ada lovelace.png', new Blob([other]));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await readFile(path.join(storage, 'guides', 'people', 'ada lovelace.png'))).toEqual(PICTURE);

    expect(
      (await guides.upload('people/ada lovelace.png', new Blob([other]), { upsert: true })).error,
    ).toBeNull();
    const newer = solidPng(4, 3, [40, 50, 60]);
    expect((await guides.update('people/ada lovelace.png', new Blob([newer]))).error).toBeNull();
    expect(await readFile(path.join(storage, 'guides', 'people', 'ada lovelace.png'))).toEqual(newer);
    expect(await readdir(path.join(storage, 'guides', 'people'))).toEqual(['ada lovelace.png']);
  });

  it('takes in guides only a JPEG, PNG, WebP or AVIF picture named as what it is, whatever type the upload names', async () => {
    const guides = as(OWNER).storage.from('guides');
    for (const [name, bytes, contentType, message] of [
      ['drawing.svg', SVG, 'image/svg+xml', /SVG pictures are not accepted/],
      ['drawing.png', SVG, 'image/png', /SVG pictures are not accepted/],
      ['page.html', HTML, 'text/html', /not a JPEG, PNG, WebP or AVIF picture/],
      ['page.jpg', HTML, 'image/jpeg', /not a JPEG, PNG, WebP or AVIF picture/],
      ['picture.html', PICTURE, 'image/png', /a PNG picture's name ends in \.png/],
    ] as const) {
      for (const upsert of [false, true]) {
        const { error } = await guides.upload(name, new Blob([bytes]), { contentType, upsert });
        expect(error, name).toMatchObject({ statusCode: '415', message });
      }
    }
    const replacing = await app.request('/storage/v1/object/guides/people/ada%20lovelace.png', {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.get(OWNER) ?? ''}`, apikey: EMBEDDED_ANON_KEY },
      body: SVG,
    });
    expect(replacing.status).toBe(415);
    expect(await replacing.json()).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });
    const kept = await readFile(path.join(storage, 'guides', 'people', 'ada lovelace.png'));
    expect(kept.subarray(0, 8)).toEqual(PICTURE.subarray(0, 8));
    expect(await readdir(path.join(storage, 'guides'))).toEqual(['people']);
  });

  it('takes in teaser only an MP4 or WebM video or WebVTT captions named as what it is, served to anyone', async () => {
    const teaser = as(OWNER).storage.from('teaser');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(52, 7)]);
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello.\n');
    for (const [name, bytes, message] of [
      ['page.mp4', HTML, /not an MP4 or WebM video or WebVTT captions/],
      ['photo.mp4', PICTURE, /not an MP4 or WebM video or WebVTT captions/],
      ['video-1-2.html', mp4, /This is an MP4 video: its name ends in \.mp4\./],
      ['captions-1.mp4', vtt, /This is WebVTT captions: its name ends in \.vtt\./],
    ] as const) {
      const { error } = await teaser.upload(name, new Blob([bytes]), { upsert: true });
      expect(error, name).toMatchObject({ statusCode: '415', message });
    }
    expect(await readdir(path.join(storage, 'teaser'))).toEqual([]);

    expect(
      (await teaser.upload('video-60-1.mp4', new Blob([mp4]), { contentType: 'video/mp4' })).error,
    ).toBeNull();
    expect(
      (await teaser.upload('captions-1.vtt', new Blob([vtt]), { contentType: 'text/vtt' })).error,
    ).toBeNull();
    const video = await app.request('/storage/v1/object/public/teaser/video-60-1.mp4', {
      headers: { range: 'bytes=4-11' },
    });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(await video.text()).toBe('ftypisom');
    const captions = await app.request('/storage/v1/object/public/teaser/captions-1.vtt');
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await captions.text()).toBe(vtt.toString());
    expect(
      (
        await as(LEARNER)
          .storage.from('teaser')
          .upload('video-9-9.mp4', new Blob([mp4]))
      ).error,
    ).toMatchObject({
      statusCode: '403',
    });
  });

  it('takes a raw body too, as supabase-js sends an ArrayBuffer', async () => {
    const captions = new TextEncoder().encode('WEBVTT\n\n00:00.000 --> 00:01.000\nHi.\n');
    const { error } = await as(OWNER)
      .storage.from('course')
      .upload('lessons/draft.vtt', captions, { contentType: 'text/vtt' });
    expect(error).toBeNull();
    expect(await readFile(path.join(storage, 'course', 'lessons', 'draft.vtt'))).toEqual(
      Buffer.from(captions),
    );
  });

  it('refuses a learner and a visitor in Storage’s shape, and writes nothing', async () => {
    const learner = await as(LEARNER).storage.from('guides').upload('learner.png', picture());
    expect(learner.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const visitor = await as().storage.from('course').upload('lessons/visitor.mp4', picture());
    expect(visitor.error).toMatchObject({
      statusCode: '401',
      message: 'new row violates row-level security policy',
    });
    const update = await as(LEARNER).storage.from('course').update('lessons/draft.mp4', picture());
    expect(update.error).toMatchObject({ statusCode: '403' });
    expect(await readFile(path.join(storage, 'course', 'lessons', 'draft.mp4'))).toEqual(
      Buffer.from([1, 2, 3]),
    );
    expect(await readdir(path.join(storage, 'guides')).catch(() => [])).not.toContain('learner.png');
  });

  it('refuses an owner’s token once its session has ended', async () => {
    const ended = await signedInToken(db, OWNER, 'coach@example.com');
    await db.query('delete from auth.sessions where id = $1', [String(decodeJwt(ended).session_id)]);
    const { error } = await appClient(app, EMBEDDED_ANON_KEY, ended)
      .storage.from('guides')
      .upload('late.png', picture());
    expect(error).toMatchObject({ statusCode: '401' });
    expect(await readdir(path.join(storage, 'guides'))).not.toContain('late.png');
  });

  it('refuses a key that leaves the bucket, an unknown bucket and a body over the bucket’s limit', async () => {
    const owner = { authorization: `Bearer ${tokens.get(OWNER) ?? ''}`, apikey: EMBEDDED_ANON_KEY };
    for (const key of ['..%2Fcourse%2Fx.svg', 'a%5C..%5Cx.svg', 'a//b.svg']) {
      const response = await app.request(`/storage/v1/object/guides/${key}`, {
        method: 'POST',
        headers: owner,
        body: PICTURE,
      });
      expect({ key, status: response.status, body: await response.json() }).toMatchObject({
        key,
        status: 400,
        body: { statusCode: '400', error: 'InvalidKey' },
      });
    }
    const elsewhere = await as(OWNER).storage.from('secrets').upload('x.svg', picture());
    expect(elsewhere.error).toMatchObject({ statusCode: '404' });

    const tooLarge = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]);
    const refused = await as(OWNER).storage.from('guides').upload('huge.svg', tooLarge);
    expect(refused.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(await readdir(path.join(storage, 'guides'))).not.toContain('huge.svg');
  });

  it('lets an owner sign a draft lesson’s file to preview it, and a learner not', async () => {
    const owner = await as(OWNER).storage.from('course').createSignedUrl('lessons/draft.mp4', 60);
    expect(owner.error).toBeNull();
    const video = await app.request(
      new URL(owner.data?.signedUrl ?? '').pathname + new URL(owner.data?.signedUrl ?? '').search,
    );
    expect(Buffer.from(await video.arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));
    const learner = await as(LEARNER).storage.from('course').createSignedUrl('lessons/draft.mp4', 60);
    expect(learner.error).toMatchObject({ message: 'Object not found' });
  });
});
