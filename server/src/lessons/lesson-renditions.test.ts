import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findOrInstallFfmpeg } from './find-ffmpeg.ts';
import { localBucket } from '../storage/storage-bucket.ts';
import { makeRenditions, type Rung } from './lesson-renditions.ts';
import { describeLessonVideo } from './lesson-video.ts';
import { FFMPEG_TEST_TIMEOUT } from '../../test/ffmpeg-test-timeout.ts';

const run = promisify(execFile);
const found = findOrInstallFfmpeg();
if (found.missing !== undefined) throw new Error(found.missing);
const { ffmpeg, ffprobe } = found;

/** A test-size ladder: the real one's shape at a size that converts in a blink. */
const TINY_LADDER: Rung[] = [
  { name: '90p', height: 90, videoKbps: 80, audioKbps: 32 },
  { name: '144p', height: 144, videoKbps: 150, audioKbps: 48 },
  { name: '720p', height: 720, videoKbps: 900, audioKbps: 64 },
];
const SEGMENT = 1;
const SECONDS = 3.2;

const probed = z.object({
  format: z.object({ duration: z.coerce.number() }),
  streams: z.array(
    z.object({ codec_type: z.string(), height: z.number().optional(), has_b_frames: z.number().optional() }),
  ),
});
const keyframes = z.object({ frames: z.array(z.object({ pts_time: z.coerce.number() })) });

async function probe(file: string) {
  const { stdout } = await run(ffprobe, [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return probed.parse(JSON.parse(stdout));
}

async function keyframeTimes(file: string) {
  const { stdout } = await run(ffprobe, [
    ...['-v', 'error', '-select_streams', 'v', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time'],
    ...['-print_format', 'json', file],
  ]);
  return keyframes.parse(JSON.parse(stdout)).frames.map((frame) => frame.pts_time);
}

const packets = z.object({
  packets: z.array(z.object({ stream_index: z.number(), pos: z.coerce.number() })),
});

/** How many runs of one stream's packets the file holds, in the order they lie in it: its chunks. */
async function chunkCount(file: string) {
  const { stdout } = await run(ffprobe, [
    ...['-v', 'error', '-show_entries', 'packet=stream_index,pos', '-print_format', 'json', file],
  ]);
  const inFileOrder = packets.parse(JSON.parse(stdout)).packets.sort((a, b) => a.pos - b.pos);
  return inFileOrder.filter((packet, index) => packet.stream_index !== inFileOrder[index - 1]?.stream_index)
    .length;
}

/** The video as the owner's tool and the stream jobs read it. */
const readLessonVideo = async (file: string) => describeLessonVideo(file, (await stat(file)).size);

let folder: string;
let withSound: string;
let silent: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'lesson-renditions-test-'));
  withSound = path.join(folder, 'with-sound.mp4');
  silent = path.join(folder, 'silent.mp4');
  const picture = ['-f', 'lavfi', '-i', `testsrc2=size=256x144:rate=25:duration=${SECONDS}`];
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`];
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '250'];
  await run(ffmpeg, ['-v', 'error', ...picture, ...tone, ...h264, '-c:a', 'aac', '-shortest', withSound]);
  await run(ffmpeg, ['-v', 'error', ...picture, ...h264, silent]);
});

describe('makeRenditions', { timeout: FFMPEG_TEST_TIMEOUT }, () => {
  it('makes an HLS ladder no taller than the source, each rung as long as it, keyframes on segment starts', async () => {
    const video = await readLessonVideo(withSound);
    const progress: number[] = [];
    const renditions = await makeRenditions(withSound, video, {
      ffmpeg,
      ladder: TINY_LADDER,
      segmentSeconds: SEGMENT,
      onProgress: (done) => progress.push(done),
    });
    const bucket = path.join(folder, 'bucket');
    await renditions.store(localBucket(bucket));
    await renditions.discard();

    const hash = video.objectName.slice('lessons/'.length, -'.mp4'.length);
    expect(renditions.playlist).toBe(`lessons/${hash}/master.m3u8`);
    expect(renditions.fallback).toBe(`lessons/${hash}/video.mp4`);
    expect(renditions.objectNames).toEqual(
      expect.arrayContaining([`lessons/${hash}/90p/index.m3u8`, `lessons/${hash}/144p/init_1.mp4`]),
    );
    expect(renditions.objectNames.some((name) => name.includes('720p'))).toBe(false);
    expect(progress.at(-1)).toBe(1);

    const inBucket = (name: string) => path.join(bucket, 'lessons', hash, name);
    const master = await readFile(inBucket('master.m3u8'), 'utf8');
    expect(master).toContain('90p/index.m3u8');
    expect(master).toContain('144p/index.m3u8');

    for (const rung of ['90p', '144p']) {
      const rendition = await probe(inBucket(`${rung}/index.m3u8`));
      expect(Math.abs(rendition.format.duration - SECONDS)).toBeLessThanOrEqual(0.1);
      expect(rendition.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
      expect(rendition.streams.find((stream) => stream.codec_type === 'video')?.height).toBe(
        Number.parseInt(rung),
      );
      const times = await keyframeTimes(inBucket(`${rung}/index.m3u8`));
      // A keyframe starts every segment, and none falls between (times count from the first frame's).
      const first = times[0] ?? 0;
      expect(times.map((time) => Math.round((time - first) * 100) / 100)).toEqual([0, 1, 2, 3]);
    }
    // The lowest rung as one MP4 with its index first: a slow phone plays it from its first bytes.
    expect(renditions.objectNames).toContain(`lessons/${hash}/slow-link.mp4`);
    expect(renditions.objectNames.some((name) => name.includes('fragments'))).toBe(false);
    const slowLink = await probe(inBucket('slow-link.mp4'));
    expect(Math.abs(slowLink.format.duration - SECONDS)).toBeLessThanOrEqual(0.1);
    expect(slowLink.streams.map((stream) => [stream.codec_type, stream.height])).toEqual([
      ['video', 90],
      ['audio', undefined],
    ]);
    // No B-frames at the lowest rung, so no table of their timing in its index; the next rung has them.
    expect(slowLink.streams[0]?.has_b_frames).toBe(0);
    const next = await probe(inBucket('144p/index.m3u8'));
    expect(next.streams.find((stream) => stream.codec_type === 'video')?.has_b_frames).toBeGreaterThan(0);
    expect((await readLessonVideo(inBucket('slow-link.mp4'))).streamable).toBe(true);
    // Sound and picture in half-second chunks, not frame by frame: its index stays small.
    const halfSeconds = Math.ceil(SECONDS / 0.5);
    expect(await chunkCount(inBucket('slow-link.mp4'))).toBeLessThanOrEqual(2 * halfSeconds + 2);

    const fallback = await probe(inBucket('video.mp4'));
    expect(Math.abs(fallback.format.duration - SECONDS)).toBeLessThanOrEqual(0.1);
    expect((await readLessonVideo(inBucket('video.mp4'))).streamable).toBe(true);
    expect(await chunkCount(inBucket('video.mp4'))).toBeLessThanOrEqual(2 * halfSeconds + 2);
  });

  it('makes a silent ladder from a source without sound', async () => {
    const video = await readLessonVideo(silent);
    expect(video.hasAudio).toBe(false);
    const renditions = await makeRenditions(silent, video, {
      ffmpeg,
      ladder: TINY_LADDER.slice(0, 1),
      segmentSeconds: SEGMENT,
    });
    const bucket = path.join(folder, 'silent-bucket');
    await renditions.store(localBucket(bucket));
    await renditions.discard();
    const rendition = await probe(path.join(bucket, renditions.playlist.replace('master', '90p/index')));
    expect(rendition.streams.map((stream) => stream.codec_type)).toEqual(['video']);
    const slowLink = await probe(
      path.join(bucket, renditions.playlist.replace('master.m3u8', 'slow-link.mp4')),
    );
    expect(slowLink.streams.map((stream) => stream.codec_type)).toEqual(['video']);
  });

  it('reads a WebM source as WebM', async () => {
    const webm = path.join(folder, 'lesson.webm');
    await run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=1', webm]);
    const video = await readLessonVideo(webm);
    expect(video.contentType).toBe('video/webm');
    const renditions = await makeRenditions(webm, video, {
      ffmpeg,
      ladder: TINY_LADDER.slice(0, 1),
      segmentSeconds: SEGMENT,
    });
    await renditions.discard();
    expect(renditions.objectNames).toEqual(
      expect.arrayContaining([renditions.playlist, renditions.fallback]),
    );
  });

  it('refuses what is not a video, or has no picture, before ffmpeg runs', async () => {
    const notes = path.join(folder, 'notes.mp4');
    await writeFile(notes, 'not a video at all');
    await expect(readLessonVideo(notes)).rejects.toThrow(/not an MP4 or WebM video/);
    const sound = path.join(folder, 'sound.mp4');
    await run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', sound]);
    await expect(readLessonVideo(sound)).rejects.toThrow(/has no video track/);
  });

  it('refuses an HLS playlist or an ffconcat list disguised as a lesson’s video, and follows neither', async () => {
    // What the lists name, beside them: a rendition made of it would mean ffmpeg followed a list.
    await run(ffmpeg, [
      '-v',
      'error',
      '-i',
      withSound,
      '-c',
      'copy',
      '-f',
      'mpegts',
      path.join(folder, 'named.ts'),
    ]);
    const lists = {
      'playlist.mp4': '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:3.2,\nnamed.ts\n#EXT-X-ENDLIST\n',
      'list.mp4': "ffconcat version 1.0\nfile 'with-sound.mp4'\n",
    };
    const video = await readLessonVideo(withSound);
    for (const [name, text] of Object.entries(lists)) {
      const file = path.join(folder, name);
      await writeFile(file, text);
      await expect(readLessonVideo(file)).rejects.toThrow(/not an MP4 or WebM video/);
      // Past the check (as if it were fooled), ffmpeg reads the file only as the container the check accepted.
      for (const accepted of [video, { ...video, contentType: 'video/webm' as const }]) {
        await expect(
          makeRenditions(file, accepted, { ffmpeg, ladder: TINY_LADDER, segmentSeconds: SEGMENT }),
          `${name} as ${accepted.contentType}`,
        ).rejects.toThrow(/^ffmpeg could not convert the video: .+/);
      }
    }
  });

  it("says ffmpeg's own words when it cannot convert the file", async () => {
    const video = await readLessonVideo(withSound);
    const broken = path.join(folder, 'broken.mp4');
    await writeFile(broken, (await readFile(withSound)).subarray(0, 4000));
    await expect(
      makeRenditions(broken, video, { ffmpeg, ladder: TINY_LADDER, segmentSeconds: SEGMENT }),
    ).rejects.toThrow(/^ffmpeg could not convert the video: .+/);
  });
});
