import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, signedInToken, testJwtKeys } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { getWithJunkHost } from '../../../test/junk-host.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';
import {
  ADA,
  adaToken,
  app,
  CAPTIONS,
  expiredToken,
  openCourseBucket,
  signedUrl,
  SITE,
  VIDEO,
} from './course-bucket-kit.ts';

openCourseBucket();

describe('the signed GET of a course file', () => {
  it('serves the whole file with its type, length, ranges offered and the user-file policy', async () => {
    const response = await app.request(await signedUrl('lessons/welcome.mp4'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=(60|59)$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(VIDEO);
  });

  it.each([
    ['lessons/welcome.vtt', 'text/vtt; charset=utf-8'],
    ['lessons/welcome poster.webp', 'image/webp'],
  ])('serves %s as %s', async (objectPath, type) => {
    const response = await app.request(await signedUrl(objectPath));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
  });

  it.each([
    ['bytes=100-199', 100, 199],
    ['bytes=990-', 990, 999],
    ['bytes=-10', 990, 999],
    ['bytes=900-5000', 900, 999],
  ])('answers Range: %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await app.request(await signedUrl('lessons/welcome.mp4'), { headers: { range } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(VIDEO.subarray(start, end + 1));
  });

  it('answers a range past the end with 416 and the size', async () => {
    const response = await app.request(await signedUrl('lessons/welcome.mp4'), {
      headers: { range: 'bytes=1000-' },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */1000');
  });

  it('serves the whole file when If-Range names another version', async () => {
    const response = await app.request(await signedUrl('lessons/welcome.mp4'), {
      headers: { range: 'bytes=0-9', 'if-range': '"another"' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('1000');
  });

  it('answers 304 to a matching ETag, and HEAD with the headers only', async () => {
    const url = await signedUrl('lessons/welcome.mp4');
    const etag = (await app.request(url)).headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await app.request(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await app.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(await head.text()).toBe('');
  });

  it("refuses a token signed for another object, with Storage's error", async () => {
    const captions = new URL(await signedUrl('lessons/welcome.vtt'));
    const response = await app.request(
      `/storage/v1/object/sign/course/lessons/welcome.mp4${captions.search}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '400',
      error: 'InvalidSignature',
      message: 'The url do not match the signature',
    });
  });

  it('stops serving once the URL has expired', async () => {
    const token = await expiredToken('course/lessons/welcome.mp4');
    const response = await app.request(`/storage/v1/object/sign/course/lessons/welcome.mp4?token=${token}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '400', error: 'InvalidJWT', message: 'JWT expired' });
  });

  it('refuses a URL with no token, a changed token, or a token that is not a signed URL', async () => {
    const url = new URL(await signedUrl('lessons/welcome.mp4'));
    const token = url.searchParams.get('token') ?? '';
    const [header, , signature] = token.split('.');
    const longer = Buffer.from(JSON.stringify({ url: 'course/lessons/welcome.mp4', exp: 9999999999 }));
    const serviceKey = await testJwtKeys.signServiceRoleKey();
    for (const query of [
      '',
      `?token=${header}.${longer.toString('base64url')}.${signature}`,
      `?token=${serviceKey}`,
      `?token=${adaToken}`,
    ]) {
      const response = await app.request(`/storage/v1/object/sign/course/lessons/welcome.mp4${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'InvalidJWT' });
    }
  });

  it('refuses a key that could leave the bucket, whatever the token', async () => {
    const token = new URL(await signedUrl('lessons/welcome.mp4')).searchParams.get('token') ?? '';
    for (const key of ['..%2f..%2fguides%2fada.svg', '%2e%2e/guides/ada.svg', 'lessons/%00welcome.mp4']) {
      const response = await app.request(`/storage/v1/object/sign/course/${key}?token=${token}`);
      // A URL parser already resolves `%2e%2e/` away, to another bucket: refused either way.
      expect([400, 404], key).toContain(response.status);
      expect(await response.text()).not.toContain('<svg');
    }
  });

  it('serves a signed URL behind a Host header that is no host, never a 500', async () => {
    const url = new URL(await signedUrl('lessons/welcome.vtt'));
    expect(await getWithJunkHost(app, `${url.pathname}${url.search}`)).toBe(200);
  });

  it('lets the site on another origin play the video: CORS on the signed GET, Content-Range exposed', async () => {
    const response = await app.request(await signedUrl('lessons/welcome.mp4'), {
      headers: { origin: SITE, range: 'bytes=0-99' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
    const elsewhere = await app.request(await signedUrl('lessons/welcome.mp4'), {
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the files of preview lessons, for anyone', () => {
  let previewDb: Database;
  let previewApp: Awaited<ReturnType<typeof createTestApp>>;
  const anon = () => appClient(previewApp, EMBEDDED_ANON_KEY).storage.from('course');

  beforeAll(async () => {
    previewDb = await createTestDatabase();
    await previewDb.exec(`
      insert into public.lessons
        (slug, title, video_path, captions_path, poster_path, duration_seconds, order_index, is_published, is_preview)
      values
        ('intro', 'Intro', 'lessons/intro.mp4', 'lessons/intro.vtt', 'lessons/intro.webp', 40, 1, true, false),
        ('taster', 'Taster', 'lessons/taster.mp4', 'lessons/taster.vtt', 'lessons/taster.webp', 40, 2, true, true),
        ('locked', 'Locked', 'lessons/locked.mp4', 'lessons/locked.vtt', 'lessons/locked.webp', 40, 3, true, false),
        ('draft-taster', 'Draft taster', 'lessons/draft-taster.mp4', 'lessons/draft-taster.vtt', null, 40, 4, false, true);
    `);
    const storage = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    await mkdir(path.join(storage, 'course', 'lessons'), { recursive: true });
    for (const slug of ['intro', 'taster', 'locked', 'draft-taster']) {
      await writeFile(path.join(storage, 'course', 'lessons', `${slug}.mp4`), VIDEO);
      await writeFile(path.join(storage, 'course', 'lessons', `${slug}.vtt`), CAPTIONS);
      await writeFile(path.join(storage, 'course', 'lessons', `${slug}.webp`), Buffer.from([1, 2, 3]));
    }
    previewApp = await createTestApp(previewDb, { storageFolder: storage });
  });
  afterAll(() => previewDb.close());

  it("lets anon sign a preview lesson's video and play it in byte ranges, and its captions", async () => {
    const video = await anon().createSignedUrl('lessons/taster.mp4', 3600);
    expect(video.error).toBeNull();
    const ranged = await previewApp.request(video.data?.signedUrl ?? '', {
      headers: { range: 'bytes=100-199' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(VIDEO.subarray(100, 200));

    const captions = await anon().createSignedUrl('lessons/taster.vtt', 3600);
    expect(captions.error).toBeNull();
    const served = await previewApp.request(captions.data?.signedUrl ?? '');
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(CAPTIONS);
  });

  it("signs anon a preview lesson's three files at once with createSignedUrls, as the page asks", async () => {
    const { data, error } = await anon().createSignedUrls(
      ['lessons/taster.mp4', 'lessons/taster.vtt', 'lessons/taster.webp'],
      3600,
    );
    expect(error).toBeNull();
    expect(data?.map((signed) => [signed.path, signed.error])).toEqual([
      ['lessons/taster.mp4', null],
      ['lessons/taster.vtt', null],
      ['lessons/taster.webp', null],
    ]);
    const poster = await previewApp.request(data?.[2]?.signedUrl ?? '');
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    const video = await previewApp.request(data?.[0]?.signedUrl ?? '', { headers: { range: 'bytes=990-' } });
    expect(video.status).toBe(206);
    expect(Buffer.from(await video.arrayBuffer())).toEqual(VIDEO.subarray(990));
  });

  it.each([
    'lessons/locked.mp4',
    'lessons/locked.vtt',
    'lessons/locked.webp',
    'lessons/intro.mp4',
    'lessons/intro.vtt',
    'lessons/draft-taster.mp4',
    'lessons/draft-taster.vtt',
  ])('refuses anon %s: a file of no published preview lesson is not there', async (objectPath) => {
    const { data, error } = await anon().createSignedUrl(objectPath, 60);
    expect(data).toBeNull();
    expect(error).toMatchObject({ message: 'Object not found', status: 404 });
  });

  it("answers anon's batch for other lessons' files, and missing ones, with Storage's error for each", async () => {
    const { data, error } = await anon().createSignedUrls(
      ['lessons/intro.webp', 'lessons/locked.mp4', 'lessons/draft-taster.mp4', 'lessons/nobody.mp4', '../x'],
      60,
    );
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ path: 'lessons/intro.webp', error: null }),
      ...['lessons/locked.mp4', 'lessons/draft-taster.mp4', 'lessons/nobody.mp4', '../x'].map(
        (objectPath) => ({
          path: objectPath,
          error: 'Either the object does not exist or you do not have access to it',
          signedURL: null,
          signedUrl: null,
        }),
      ),
    ]);
  });

  it('still signs a learner every published lesson, but no draft', async () => {
    const token = await signedInToken(previewDb, ADA, 'ada@example.com');
    const { data } = await appClient(previewApp, EMBEDDED_ANON_KEY, token)
      .storage.from('course')
      .createSignedUrls(['lessons/locked.mp4', 'lessons/taster.mp4', 'lessons/draft-taster.mp4'], 60);
    expect(data?.map((signed) => signed.error === null)).toEqual([true, true, false]);
  });

  it('refuses a batch without paths or with a bad expiry, and a bucket it does not keep private', async () => {
    for (const body of [{ expiresIn: 60 }, { expiresIn: 60, paths: [] }, { expiresIn: 0, paths: ['a'] }]) {
      const response = await previewApp.request('/storage/v1/object/sign/course', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const guides = await previewApp.request('/storage/v1/object/sign/guides', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60, paths: ['ada.svg'] }),
    });
    expect(guides.status).toBe(404);
  });
});
