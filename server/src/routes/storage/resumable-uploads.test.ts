// Resumable uploads (TUS) as the studio makes them with tus-js-client, over real HTTP: a connection cut in the
// middle of a chunk, the upload resumed from the server's offset, the file byte-identical in its bucket; and
// only an owner may create, continue or look at an upload.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { cuttingProxy } from '../../../test/cutting-proxy.ts';
import { createTestApp, signedInToken } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const OWNER = '00000000-0000-4000-8000-0000000000e1';
const LEARNER = '00000000-0000-4000-8000-0000000000e2';
const CHUNK = 512 * 1024;
const VIDEO = randomBytes(3 * 1024 * 1024 + 123);
const ENDPOINT = '/storage/v1/upload/resumable';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
let storage: string;
let uploads: string;
let server: ServerType;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  storage = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
  uploads = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  await db.exec(`insert into public.owners (email) values ('coach@example.com')`);
  app = await createTestApp(db, {
    storageFolder: storage,
    uploads: { folder: uploads, maxBytes: 8 * 1024 * 1024 },
  });
  tokens.set(OWNER, await signedInToken(db, OWNER, 'coach@example.com'));
  tokens.set(LEARNER, await signedInToken(db, LEARNER, 'learner@example.com'));
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

const portOf = (listening: { address(): AddressInfo | string | null }) =>
  (listening.address() as AddressInfo).port;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const authOf = (userId?: string) => ({
  apikey: EMBEDDED_ANON_KEY,
  authorization: `Bearer ${(userId && tokens.get(userId)) ?? EMBEDDED_ANON_KEY}`,
});
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe(`resumable uploads on the embedded server (${databaseKind})`, () => {
  it('resumes an owner’s video from the server’s offset after the connection is cut, byte-identical', async () => {
    const proxy = await cuttingProxy(portOf(server), Math.round(CHUNK * 2.5));
    const offsetsAfterCut: number[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const upload = new Upload(VIDEO, {
          endpoint: `${proxy.url}${ENDPOINT}`,
          headers: { ...authOf(OWNER), 'x-upsert': 'false' },
          metadata: { bucketName: 'course', objectName: 'lessons/intro.mp4', contentType: 'video/mp4' },
          chunkSize: CHUNK,
          uploadDataDuringCreation: true,
          removeFingerprintOnSuccess: true,
          retryDelays: [0, 100, 500],
          onAfterResponse(request, response) {
            if (request.getMethod() === 'HEAD' && proxy.wasCut())
              offsetsAfterCut.push(Number(response.getHeader('Upload-Offset')));
          },
          onSuccess: () => resolve(),
          onError: reject,
        });
        upload.start();
      });
    } finally {
      proxy.close();
    }
    expect(proxy.wasCut()).toBe(true);
    // Resumed, not restarted: the server had kept the chunks before the cut.
    expect(offsetsAfterCut[0]).toBeGreaterThanOrEqual(CHUNK);
    expect(offsetsAfterCut[0]).toBeLessThan(VIDEO.byteLength);
    const stored = await readFile(path.join(storage, 'course', 'lessons', 'intro.mp4'));
    expect(sha256(stored)).toBe(sha256(VIDEO));
    // Nothing of the finished upload is left beside the buckets.
    expect(await readdir(uploads)).toEqual([]);
  });

  it('lets no learner or visitor create, continue or look at an upload, nor an owner no longer one', async () => {
    const create = (userId?: string, fields = { bucketName: 'course', objectName: 'lessons/next.mp4' }) =>
      app.request(ENDPOINT, {
        method: 'POST',
        headers: {
          ...authOf(userId),
          'tus-resumable': '1.0.0',
          'upload-length': '6',
          'upload-metadata': metadataHeader(fields),
        },
      });
    expect((await create(LEARNER)).status).toBe(403);
    expect(await (await create()).json()).toMatchObject({ statusCode: '401' });

    const created = await create(OWNER);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${ENDPOINT}/[0-9a-f]+$`));
    const patch = (userId: string) =>
      app.request(location, {
        method: 'PATCH',
        headers: {
          ...authOf(userId),
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: 'abc',
      });
    const head = (userId: string) =>
      app.request(location, { method: 'HEAD', headers: { ...authOf(userId), 'tus-resumable': '1.0.0' } });
    expect((await patch(LEARNER)).status).toBe(403);
    expect((await head(LEARNER)).status).toBe(403);
    expect((await head(OWNER)).headers.get('upload-offset')).toBe('0');
    expect((await app.request(location, { headers: authOf(OWNER) })).status).toBe(404);

    await db.exec(`delete from public.owners`);
    try {
      expect((await patch(OWNER)).status).toBe(403);
    } finally {
      await db.exec(`insert into public.owners (email) values ('coach@example.com')`);
    }
    expect((await patch(OWNER)).headers.get('upload-offset')).toBe('3');
  });

  it('lets the site’s pages send TUS’s headers and read its answers across origins', async () => {
    const site = 'https://lenses.example';
    const preflight = await app.request(`${ENDPOINT}/abc`, {
      method: 'OPTIONS',
      headers: {
        origin: site,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, apikey, tus-resumable, upload-offset, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get('access-control-allow-headers')?.split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining([
        'tus-resumable',
        'upload-offset',
        'upload-length',
        'upload-metadata',
        'x-upsert',
      ]),
    );
    const created = await app.request(ENDPOINT, {
      method: 'POST',
      headers: {
        ...authOf(OWNER),
        origin: site,
        'tus-resumable': '1.0.0',
        'upload-length': '1',
        'upload-metadata': metadataHeader({ bucketName: 'course', objectName: 'lessons/cors.mp4' }),
      },
    });
    expect(created.headers.get('access-control-allow-origin')).toBe(site);
    expect(created.headers.get('access-control-expose-headers')?.split(', ')).toEqual(
      expect.arrayContaining(['location', 'upload-offset', 'tus-resumable']),
    );
  });

  it('refuses an unknown bucket, a bad key, an existing object and a file over the limit before any byte', async () => {
    await writeFile(path.join(storage, 'course', 'taken.mp4'), 'taken');
    const create = (fields: Record<string, string>, length = 6, upsert = false) =>
      app.request(ENDPOINT, {
        method: 'POST',
        headers: {
          ...authOf(OWNER),
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': metadataHeader(fields),
          ...(upsert && { 'x-upsert': 'true' }),
        },
      });
    expect((await create({ bucketName: 'secrets', objectName: 'a.mp4' })).status).toBe(404);
    expect((await create({ bucketName: 'course', objectName: '../guides/a.mp4' })).status).toBe(400);
    expect((await create({ bucketName: 'course' })).status).toBe(400);
    expect((await create({ bucketName: 'course', objectName: 'taken.mp4' })).status).toBe(409);
    expect((await create({ bucketName: 'course', objectName: 'taken.mp4' }, 6, true)).status).toBe(201);
    expect((await create({ bucketName: 'course', objectName: 'big.mp4' }, 8 * 1024 * 1024 + 1)).status).toBe(
      413,
    );
    expect((await create({ bucketName: 'guides', objectName: 'big.png' }, 5 * 1024 * 1024 + 1)).status).toBe(
      413,
    );
  });

  it('finishes an upload whose bytes all came with its creation, as tus-js-client sends a small file', async () => {
    const created = await app.request(ENDPOINT, {
      method: 'POST',
      headers: {
        ...authOf(OWNER),
        'tus-resumable': '1.0.0',
        'upload-length': '5',
        'upload-metadata': metadataHeader({ bucketName: 'course', objectName: 'lessons/small.vtt' }),
        'content-type': 'application/offset+octet-stream',
      },
      body: 'WEBVT',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe('5');
    expect(await readFile(path.join(storage, 'course', 'lessons', 'small.vtt'), 'utf8')).toBe('WEBVT');
    const id = created.headers.get('location')?.split('/').at(-1) ?? '-';
    expect((await readdir(uploads)).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it('refuses in guides a file that is no JPEG, PNG, WebP or AVIF picture, and keeps nothing of it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const unfinished = await readdir(uploads);
    const created = await app.request(ENDPOINT, {
      method: 'POST',
      headers: {
        ...authOf(OWNER),
        'tus-resumable': '1.0.0',
        'upload-length': String(Buffer.byteLength(svg)),
        'upload-metadata': metadataHeader({
          bucketName: 'guides',
          objectName: 'drawing.png',
          contentType: 'image/png',
        }),
        'content-type': 'application/offset+octet-stream',
      },
      body: svg,
    });
    expect(created.status).toBe(415);
    expect(await created.text()).toMatch(/SVG pictures are not accepted/);
    expect(await readdir(path.join(storage, 'guides')).catch(() => [])).not.toContain('drawing.png');
    expect(await readdir(uploads)).toEqual(unfinished);
  });

  it('keeps an object that appeared while the upload was on its way, unless the upload may replace it', async () => {
    const created = await app.request(ENDPOINT, {
      method: 'POST',
      headers: {
        ...authOf(OWNER),
        'tus-resumable': '1.0.0',
        'upload-length': '3',
        'upload-metadata': metadataHeader({ bucketName: 'course', objectName: 'lessons/race.mp4' }),
      },
    });
    const location = created.headers.get('location') ?? '';
    await writeFile(path.join(storage, 'course', 'lessons', 'race.mp4'), 'first');
    const last = await app.request(location, {
      method: 'PATCH',
      headers: {
        ...authOf(OWNER),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: 'new',
    });
    expect(last.status).toBe(409);
    expect(await readFile(path.join(storage, 'course', 'lessons', 'race.mp4'), 'utf8')).toBe('first');
    expect(
      (await readdir(uploads)).filter((name) => name.startsWith(location.split('/').at(-1) ?? '-')),
    ).toEqual([]);
  });

  it('deletes an upload left unfinished for a day when the next one starts', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    const first = await createTestApp(db, { storageFolder: storage, uploads: { folder } });
    const start = (on: typeof first) =>
      on.request(ENDPOINT, {
        method: 'POST',
        headers: {
          ...authOf(OWNER),
          'tus-resumable': '1.0.0',
          'upload-length': '6',
          'upload-metadata': metadataHeader({ bucketName: 'course', objectName: 'lessons/later.mp4' }),
        },
      });
    const stale = (await start(first)).headers.get('location')?.split('/').at(-1) ?? '';
    const info = path.join(folder, `${stale}.json`);
    const record = z.record(z.string(), z.unknown()).parse(JSON.parse(await readFile(info, 'utf8')));
    const dayAndAMinuteAgo = new Date(Date.now() - (24 * 60 + 1) * 60 * 1000).toISOString();
    await writeFile(info, JSON.stringify({ ...record, creation_date: dayAndAMinuteAgo }));

    const fresh = (
      await start(await createTestApp(db, { storageFolder: storage, uploads: { folder } }))
    ).headers
      .get('location')
      ?.split('/')
      .at(-1);
    expect((await readdir(folder)).sort()).toEqual([fresh, `${fresh}.json`].sort());
  });
});
