// A lesson's video uploaded resumably (TUS, as the studio sends it with tus-js-client) to a real server
// process on PostgreSQL, its connection cut halfway: the upload resumes from the server's offset and the file
// in the bucket is byte-identical, while the server's memory stays bounded (it streams every chunk to disk).
// `npm test` sends 24 MB; `npm run soak` sends 500 MB.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Upload } from 'tus-js-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createJwtKeys } from '../../server/src/auth/jwt.ts';
import { cuttingProxy } from '../../server/test/cutting-proxy.ts';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import {
  cleanups,
  freshPostgresDatabase,
  peakRssMb,
  recordMetrics,
  runCleanups,
  size,
  startServer,
  tempDir,
} from './harness.ts';

const MB = 1024 * 1024;
const VIDEO_MB = size(24, 500);
/** Supabase Storage's chunk size for resumable uploads, which the studio uses on both back ends. */
const CHUNK = 6 * MB;
const SITE = 'https://lenses.example';
const JWT_SECRET = randomBytes(24).toString('hex');
const OWNER_ID = '00000000-0000-4000-8000-00000000a11e';

afterAll(runCleanups);

/** Writes `megabytes` of random bytes to a new file, returning its path and sha256. */
async function randomFile(folder: string, megabytes: number) {
  const file = path.join(folder, 'lesson.mp4');
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  for (let written = 0; written < megabytes; written += 1) {
    const block = randomBytes(MB);
    hash.update(block);
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return { file, sha256: hash.digest('hex') };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('resumable upload to a real server', () => {
  it(`resumes a ${VIDEO_MB} MB video after its connection is cut halfway, byte-identical`, async () => {
    const databaseUrl = await freshPostgresDatabase();
    const dataDir = await tempDir('upload-data-');
    const server = await startServer({
      DATA_DIR: dataDir,
      DIST_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SITE_URL: SITE,
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    await db.query(`insert into auth.users (id, email) values ($1, 'coach@example.com')`, [OWNER_ID]);
    await db.query(`insert into public.owners (email) values ('coach@example.com')`);
    const session = await db.query<{ id: string }>(
      'insert into auth.sessions (user_id) values ($1) returning id::text as id',
      [OWNER_ID],
    );
    const token = await createJwtKeys(JWT_SECRET, SITE).signAccessToken({
      userId: OWNER_ID,
      email: 'coach@example.com',
      sessionId: session.rows[0]?.id ?? '',
      expiresInSeconds: 3600,
    });

    const video = await randomFile(await tempDir('upload-source-'), VIDEO_MB);
    const proxy = await cuttingProxy(server.port, (VIDEO_MB * MB) / 2);
    cleanups.push(async () => proxy.close());
    const resumedAt: number[] = [];
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(createReadStream(video.file), {
        endpoint: `${proxy.url}/storage/v1/upload/resumable`,
        headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}` },
        metadata: { bucketName: 'course', objectName: 'lessons/soak.mp4', contentType: 'video/mp4' },
        chunkSize: CHUNK,
        uploadDataDuringCreation: true,
        removeFingerprintOnSuccess: true,
        retryDelays: [0, 500, 2000],
        onAfterResponse(request, response) {
          if (request.getMethod() === 'HEAD') resumedAt.push(Number(response.getHeader('Upload-Offset')));
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    const seconds = (Date.now() - started) / 1000;
    const peak = peakRssMb(server.child.pid);

    expect(proxy.wasCut()).toBe(true);
    expect(resumedAt[0]).toBeGreaterThan(0);
    expect(resumedAt[0]).toBeLessThan(VIDEO_MB * MB);
    expect(await sha256Of(path.join(dataDir, 'storage', 'course', 'lessons', 'soak.mp4'))).toBe(video.sha256);
    recordMetrics({ scenario: `resumable upload, ${VIDEO_MB} MB, cut halfway`, peakRssMb: peak, seconds });
    // Chunks go to disk as they come: the server never holds the video in memory.
    expect(peak).toBeLessThan(400);
  }, 600_000);
});
