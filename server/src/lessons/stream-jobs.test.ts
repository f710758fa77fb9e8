// The studio's uploads made into adaptive streams: an owner saves a lesson, the server's pass makes its stream
// (or, without ffmpeg, says why it plays as uploaded), and the studio reads each job's state; learners read none.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { localBucket, type StorageBucket } from '../storage/storage-bucket.ts';
import { createTestApp, signedInToken } from '../../test/test-app.ts';
import { createTestDatabase, databaseKind, supabaseFolder } from '../../test/test-database.ts';
import { appClient } from '../../test/supabase-client.ts';
import { findOrInstallFfmpeg } from './find-ffmpeg.ts';
import { EMBEDDED_ANON_KEY } from '../../../supabase/embedded-keys.ts';
import type { VideoTools } from './lesson-renditions.ts';
import { makeWaitingStreams, releaseStreamJobsOfDeadRun } from './stream-jobs.ts';
import { FFMPEG_TEST_TIMEOUT } from '../../test/ffmpeg-test-timeout.ts';

const found = findOrInstallFfmpeg();
if (found.missing !== undefined) throw new Error(found.missing);
const FFMPEG: VideoTools = {
  ffmpeg: found.ffmpeg,
  ladder: [{ name: '90p', height: 90, videoKbps: 80, audioKbps: 32 }],
  segmentSeconds: 1,
};
const NO_FFMPEG: VideoTools = { missing: 'No ffmpeg found.' };

const OWNER = '00000000-0000-4000-8000-0000000000e1';
const LEARNER = '00000000-0000-4000-8000-0000000000e2';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
let courseFolder: string;
let clip: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  const storageFolder = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
  courseFolder = path.join(storageFolder, 'course');
  app = await createTestApp(db, { storageFolder });
  tokens.set(OWNER, await signedInToken(db, OWNER, 'coach@example.com'));
  tokens.set(LEARNER, await signedInToken(db, LEARNER, 'learner@example.com'));
  await db.exec(`insert into public.owners (email) values ('coach@example.com')`);
  // One second of a small silent picture, its index at the end (no faststart), as recorders often write it.
  clip = path.join(await mkdtemp(path.join(os.tmpdir(), 'stream-jobs-')), 'clip.mp4');
  await promisify(execFile)(found.ffmpeg, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip],
  ]);
});
afterAll(() => db.close());

const as = (userId?: string) => appClient(app, EMBEDDED_ANON_KEY, userId && tokens.get(userId));

/** The studio's upload (the clip under the lesson's fixed name), then its save as a draft. */
async function addLesson(slug: string): Promise<number> {
  const videoPath = `lessons/${slug}/video.mp4`;
  await mkdir(path.join(courseFolder, 'lessons', slug), { recursive: true });
  await copyFile(clip, path.join(courseFolder, videoPath));
  const saved = await as(OWNER).rpc('studio_save_lesson', {
    slug,
    title: slug,
    video_path: videoPath,
    duration_seconds: 1,
  });
  expect(saved.error).toBeNull();
  return (saved.data as { id: number }).id;
}

const lessonRow = async (id: number) =>
  (
    await db.query<{ video_path: string; stream_path: string | null }>(
      'select video_path, stream_path from public.lessons where id = $1',
      [id],
    )
  )[0];

const streamOf = async (id: number) =>
  ((await as(OWNER).rpc('studio_lesson_streams')).data as { lesson_id: number }[]).find(
    (job) => job.lesson_id === id,
  );

/** Every replaced file noted as replaced that many hours ago. */
const replacedHoursAgo = (hours: number) =>
  db.query(`update public.replaced_lesson_files set replaced_at = now() - make_interval(secs => $1)`, [
    hours * 3600,
  ]);

const pass = (
  tools: VideoTools,
  bucket: StorageBucket = localBucket(courseFolder),
  onProgress?: (job: unknown, percent: number) => void,
) => makeWaitingStreams({ db, bucket, tools: () => tools, onProgress });

describe(`the studio's stream jobs (${databaseKind})`, { timeout: FFMPEG_TEST_TIMEOUT }, () => {
  it('makes the stream of a saved video: the lesson plays it, the studio reads done', async () => {
    const id = await addLesson('streamed');
    expect(await streamOf(id)).toEqual({ lesson_id: id, state: 'waiting', percent: 0, message: null });

    const percents: number[] = [];
    const outcomes = await pass(FFMPEG, undefined, (_, percent) => percents.push(percent));
    expect(outcomes).toMatchObject([{ outcome: 'done', job: { lessonId: id } }]);
    expect(percents.at(-1)).toBe(100);
    expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true);
    const row = await lessonRow(id);
    expect(row?.stream_path).toMatch(/^lessons\/[0-9a-f]{32}\/master\.m3u8$/);
    expect(row?.video_path).toBe(row?.stream_path?.replace('master.m3u8', 'video.mp4'));
    const files = await readdir(path.join(courseFolder, path.dirname(row?.stream_path ?? '')), {
      recursive: true,
    });
    expect(files).toEqual(expect.arrayContaining(['master.m3u8', '90p/segment-000.m4s', 'video.mp4']));
    expect(await streamOf(id)).toEqual({ lesson_id: id, state: 'done', percent: 100, message: null });
    // The upload the stream replaced is no lesson's any more, but a learner may be watching it: it is kept three
    // hours, then the next pass deletes it.
    const upload = path.join(courseFolder, 'lessons', 'streamed');
    await replacedHoursAgo(2.9);
    await pass(NO_FFMPEG);
    expect(await readdir(upload)).toEqual(['video.mp4']);
    await replacedHoursAgo(3.1);
    await pass(NO_FFMPEG);
    expect(await readdir(upload)).toEqual([]);
    expect(await db.query('select path from public.replaced_lesson_files')).toEqual([]);
  });

  it('gives a learner 403 and a visitor 401, and no job', async () => {
    expect(await as(LEARNER).rpc('studio_lesson_streams')).toMatchObject({ data: null, status: 403 });
    expect(await as().rpc('studio_lesson_streams')).toMatchObject({ data: null, status: 401 });
  });

  it('gives a video replaced mid-job no stream of the old one', async () => {
    const id = await addLesson('replaced');
    const notVideo = 'lessons/replaced/notes.mp4';
    await writeFile(path.join(courseFolder, notVideo), 'not a video at all');
    const real = localBucket(courseFolder);
    let replaced = false;
    // The owner saves another video once the pass has taken the job.
    const replacing: StorageBucket = {
      ...real,
      async withLocalCopy(name, work) {
        if (!replaced) {
          replaced = true;
          await as(OWNER).rpc('studio_save_lesson', { lesson_id: id, video_path: notVideo });
        }
        return real.withLocalCopy(name, work);
      },
    };
    const outcomes = await pass(FFMPEG, replacing);
    expect(outcomes.map(({ outcome }) => outcome)).toEqual(['stale', 'failed']);
    expect(await lessonRow(id)).toEqual({ video_path: notVideo, stream_path: null });
    expect(await streamOf(id)).toMatchObject({
      state: 'failed',
      message: 'The video: not an MP4 or WebM video.',
    });
  });

  it('keeps the video as uploaded without ffmpeg, saying why; two passes at once take the job once', async () => {
    const id = await addLesson('progressive');
    const [first, second] = await Promise.all([pass(NO_FFMPEG), pass(NO_FFMPEG)]);
    expect([...(first ?? []), ...(second ?? [])]).toMatchObject([
      { outcome: 'failed', job: { lessonId: id } },
    ]);
    expect(await lessonRow(id)).toEqual({ video_path: 'lessons/progressive/video.mp4', stream_path: null });
    const stream = await streamOf(id);
    expect(stream).toMatchObject({ state: 'failed' });
    expect(stream).toHaveProperty(
      'message',
      expect.stringMatching(/^No ffmpeg found\. The video is kept as uploaded.+export it with "fast start"/),
    );
  });

  it('takes again a job its process left working: after a while, or at once when the server restarts', async () => {
    const [left, lost] = [await addLesson('left-working'), await addLesson('lost-working')];
    const working = (id: number, minutesAgo: number) =>
      db.query(
        `update public.lesson_stream_jobs set state = 'working', percent = 37,
                updated_at = now() - make_interval(mins => $2) where lesson_id = $1`,
        [id, minutesAgo],
      );
    await working(left, 1);
    await working(lost, 11);
    expect((await pass(NO_FFMPEG)).map(({ job }) => job.lessonId)).toEqual([lost]);
    expect(await streamOf(left)).toMatchObject({ state: 'working', percent: 37 });
    expect(await releaseStreamJobsOfDeadRun(db)).toBe(1);
    expect((await pass(NO_FFMPEG)).map(({ job }) => job.lessonId)).toEqual([left]);
  });

  it("takes only the named lesson's job when asked (the owner's tool, right after its save), telling each step", async () => {
    const [other, named] = [await addLesson('waits-its-turn'), await addLesson('saved-by-the-tool')];
    const steps: string[] = [];
    const outcomes = await makeWaitingStreams({
      db,
      bucket: localBucket(courseFolder),
      tools: () => FFMPEG,
      lessonId: named,
      onStep: (_, step) => steps.push(step.step),
    });
    expect(outcomes.map(({ job, outcome }) => [job.lessonId, outcome])).toEqual([[named, 'done']]);
    // The clip already streams for the first test's lesson: that stream is used as it is, unconverted.
    expect(steps).toEqual(['reusing']);
    expect(await streamOf(other)).toMatchObject({ state: 'waiting' });
  });

  it('remakes every stream once when the pipeline changes: the lessons play the new one, the old goes 3 hours later', async () => {
    const before = await db.query<{ id: string; stream_path: string }>(
      'select id::text, stream_path from public.lessons where stream_path is not null order by id',
    );
    expect(before.length).toBeGreaterThan(1);
    // The one-time pass, as the migration that added the slow-link MP4 queues it (as the lower ladder's did).
    await db.exec(
      await readFile(
        path.join(supabaseFolder, 'migrations', '20261205000100_a_slow_link_video_beside_each_stream.sql'),
        'utf8',
      ),
    );
    for (const { id } of before)
      expect(await streamOf(Number(id))).toEqual({
        lesson_id: Number(id),
        state: 'waiting',
        percent: 0,
        message: null,
      });

    // The earlier test's lesson still waiting would take the old stream as its own: it goes first.
    await db.exec(
      `delete from public.lessons where id in
         (select lesson_id from public.lesson_stream_jobs j join public.lessons l on l.id = j.lesson_id
           where l.stream_path is null)`,
    );
    const lower: VideoTools = {
      ...FFMPEG,
      ladder: [{ name: '60p', height: 60, videoKbps: 40, audioKbps: 32 }, ...(FFMPEG.ladder ?? [])],
    };
    await pass(lower);
    for (const { id, stream_path: old } of before) {
      const row = await lessonRow(Number(id));
      expect(row?.stream_path).not.toBe(old);
      expect(await streamOf(Number(id))).toMatchObject({ state: 'done', percent: 100 });
      const files = await readdir(path.join(courseFolder, path.dirname(row?.stream_path ?? '')), {
        recursive: true,
      });
      expect(files).toEqual(
        expect.arrayContaining(['60p/segment-000.m4s', '90p/segment-000.m4s', 'slow-link.mp4', 'video.mp4']),
      );
      // A learner in the middle of the old stream plays on.
      expect(await readdir(path.join(courseFolder, path.dirname(old)))).toContain('master.m3u8');
    }
    await replacedHoursAgo(3.1);
    await pass(lower);
    for (const { stream_path: old } of before)
      await expect(readdir(path.join(courseFolder, path.dirname(old)))).rejects.toThrow(/ENOENT/);
  });
});
