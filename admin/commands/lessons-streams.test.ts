import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createTestDatabase, databaseKind } from '../../server/test/test-database.ts';
import { findOrInstallFfmpeg } from '../../server/src/lessons/lessons-door.ts';
import { createAdminRunner } from '../test/admin-runner.ts';
import { FFMPEG_TEST_TIMEOUT } from '../../server/test/ffmpeg-test-timeout.ts';

const found = findOrInstallFfmpeg();
if (found.missing !== undefined) throw new Error(found.missing);
const { ffmpeg } = found;
const TINY_LADDER = [
  { name: '90p', height: 90, videoKbps: 80, audioKbps: 32 },
  { name: '144p', height: 144, videoKbps: 150, audioKbps: 48 },
];

let db: Database;
let source: string;
let withFfmpeg: Awaited<ReturnType<typeof createAdminRunner>>;
let withoutFfmpeg: Awaited<ReturnType<typeof createAdminRunner>>;

beforeAll(async () => {
  db = await createTestDatabase();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lessons-streams-'));
  source = path.join(folder, 'lesson.mp4');
  // Index at the end (no faststart), as a camera or screen recorder often writes it.
  await promisify(execFile)(ffmpeg, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=256x144:rate=25:duration=2.5'],
    ...['-f', 'lavfi', '-i', 'sine=duration=2.5', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
  ]);
  withFfmpeg = await createAdminRunner(db, { ffmpeg, ladder: TINY_LADDER, segmentSeconds: 1 });
  withoutFfmpeg = await createAdminRunner(db, { missing: 'No ffmpeg found.' });
});
afterAll(() => db.close());

const lessonRow = async (slug: string) =>
  (
    await db.query<{ video_path: string; stream_path: string | null; duration_seconds: number }>(
      'select video_path, stream_path, duration_seconds from public.lessons where slug = $1',
      [slug],
    )
  )[0];

/** The lesson's stream job: `lessons add|update` queue it as the studio's saves do, and make it at once. */
const jobOf = async (slug: string) =>
  (
    await db.query<{ state: string; percent: number; message: string | null; video_path: string }>(
      `select job.state, job.percent, job.message, job.video_path
         from public.lesson_stream_jobs as job join public.lessons as lesson on lesson.id = job.lesson_id
        where lesson.slug = $1`,
      [slug],
    )
  )[0];

describe(`lessons add with ffmpeg (${databaseKind})`, { timeout: FFMPEG_TEST_TIMEOUT }, () => {
  it('stores an adaptive stream and a faststart MP4, showing the conversion and the upload', async () => {
    const result = await withFfmpeg.run([
      'lessons',
      'add',
      '--title',
      'Streamed',
      '--summary',
      'S',
      '--video',
      source,
    ]);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toContain('Converting the video for streaming: 100%');
    expect(result.stderr).toMatch(/Uploading the stream: (\d+) of \1 files/);
    const row = await lessonRow('streamed');
    expect(row?.stream_path).toMatch(/^lessons\/[0-9a-f]{32}\/master\.m3u8$/);
    expect(row?.video_path).toBe(row?.stream_path?.replace('master.m3u8', 'video.mp4'));
    expect(row?.duration_seconds).toBe(3);
    expect(result.stdout).toContain(`Its video streams adaptively (${row?.stream_path}).`);
    expect(await jobOf('streamed')).toEqual({
      state: 'done',
      percent: 100,
      message: null,
      video_path: row?.video_path,
    });
    const folder = path.join(withFfmpeg.courseFolder, path.dirname(row?.stream_path ?? ''));
    expect((await readdir(folder, { recursive: true })).sort()).toEqual(
      expect.arrayContaining(['144p/index.m3u8', '90p/segment-000.m4s', 'master.m3u8', 'video.mp4']),
    );
  });

  it('keeps the upload as it is without ffmpeg, and says what that means', async () => {
    const result = await withoutFfmpeg.run([
      'lessons',
      'add',
      '--title',
      'Progressive',
      '--summary',
      'S',
      '--video',
      source,
    ]);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toContain(
      'Warning: No ffmpeg found. The video is kept as uploaded, with no adaptive stream',
    );
    expect(result.stderr).toContain('export it with "fast start"');
    const row = await lessonRow('progressive');
    expect(row?.stream_path).toBeNull();
    expect(row?.video_path).toMatch(/^lessons\/[0-9a-f]{32}\.mp4$/);
    // The studio reads why, as for its own uploads on a server without ffmpeg.
    expect(await jobOf('progressive')).toEqual({
      state: 'failed',
      percent: 0,
      message: expect.stringMatching(/^No ffmpeg found\. The video is kept as uploaded/),
      video_path: row?.video_path,
    });
  });

  it('replaces a video with its stream on update; the same upload again plays the stream it has, unconverted', async () => {
    const stream = (await lessonRow('streamed'))?.stream_path ?? '';
    const playlist = path.join(withFfmpeg.courseFolder, stream);
    const before = await stat(playlist);
    const result = await withFfmpeg.run(['lessons', 'update', 'progressive', '--video', source]);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toContain(
      'This video already streams for another lesson: that stream is used as it is.',
    );
    expect(result.stderr).not.toContain('Converting the video for streaming');
    expect((await lessonRow('progressive'))?.stream_path).toBe(stream);
    expect((await stat(playlist)).mtimeMs).toBe(before.mtimeMs);
  });

  it("deletes a stream's folder with the last lesson that plays it", async () => {
    const stream = (await lessonRow('streamed'))?.stream_path ?? '';
    const folder = path.join(withFfmpeg.courseFolder, path.dirname(stream));
    const first = await withFfmpeg.run(['lessons', 'remove', 'streamed', '--yes']);
    expect(first).toMatchObject({ code: 0 });
    expect(await readdir(folder)).toContain('master.m3u8');
    const last = await withFfmpeg.run(['lessons', 'remove', 'progressive', '--yes']);
    expect(last).toMatchObject({ code: 0 });
    expect(last.stdout).toContain(`${path.dirname(stream)}/…`);
    await expect(readdir(folder)).rejects.toThrow(/ENOENT/);
  });

  it("makes the streams of the studio's uploads that wait for one (hosted Supabase has no server to)", async () => {
    await mkdir(path.join(withFfmpeg.courseFolder, 'lessons', 'from-studio'), { recursive: true });
    await copyFile(source, path.join(withFfmpeg.courseFolder, 'lessons', 'from-studio', 'video.mp4'));
    await db.exec(`
      insert into public.lessons (slug, title, video_path, duration_seconds, order_index)
      values ('from-studio', 'From the studio', 'lessons/from-studio/video.mp4', 3, 1);
      insert into public.lesson_stream_jobs (lesson_id, video_path)
      select id, video_path from public.lessons where slug = 'from-studio';
    `);
    expect(await withoutFfmpeg.run(['lessons', 'make-streams'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No ffmpeg found.'),
    });
    const result = await withFfmpeg.run(['lessons', 'make-streams']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toContain('making its stream, 100%');
    const row = await lessonRow('from-studio');
    expect(row?.stream_path).toMatch(/^lessons\/[0-9a-f]{32}\/master\.m3u8$/);
    expect(result.stdout).toMatch(
      /^Lesson \d+ streams adaptively \(lessons\/[0-9a-f]{32}\/master\.m3u8\)\.$/m,
    );
    expect((await withFfmpeg.run(['lessons', 'make-streams'])).stdout).toBe(
      'No video waits for its stream.\n',
    );
  });
});
