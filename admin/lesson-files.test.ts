import { createHash } from 'node:crypto';
import { mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_HEADERS, solidPng } from '../server/test/test-images.ts';
import { MAX_VIDEO_BYTES, readLessonCaptions, readLessonPoster, readLessonVideo } from './lesson-files.ts';

const seeded = (name: string) =>
  fileURLToPath(new URL(`../supabase/storage/course/lessons/${name}`, import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./test/fixtures/${name}`, import.meta.url));

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'lesson-files-'));
});

async function file(name: string, content: string | Uint8Array) {
  const target = path.join(folder, name);
  await writeFile(target, content);
  return target;
}

const hashName = async (source: string, extension: string) =>
  `lessons/${createHash('sha256')
    .update(await readFile(source))
    .digest('hex')
    .slice(0, 32)}.${extension}`;

describe('readLessonVideo', () => {
  it('reads an MP4 by its content, with its length in whole seconds', async () => {
    const video = await readLessonVideo(seeded('why-three-lenses.mp4'));
    expect(video).toMatchObject({
      contentType: 'video/mp4',
      objectName: await hashName(seeded('why-three-lenses.mp4'), 'mp4'),
      durationSeconds: 47,
    });
  });

  it('checks a recording the size of a real lesson (600 MB) by reading it in chunks, and names it by its hash', async () => {
    // The placeholder lesson, then sparse zeros to 600 MB: what MediaInfo asks for is read, never the whole.
    const long = await file('long.mp4', await readFile(seeded('why-three-lenses.mp4')));
    await truncate(long, 600 * 1024 * 1024);
    const video = await readLessonVideo(long);
    expect(video).toMatchObject({ contentType: 'video/mp4', durationSeconds: 47, file: long });
    expect(video.objectName).toMatch(/^lessons\/[0-9a-f]{32}\.mp4$/);
    expect(video.objectName).not.toBe(await hashName(seeded('why-three-lenses.mp4'), 'mp4'));
  });

  it('reads a WebM whatever its name says', async () => {
    const renamed = await file('clip.mp4', await readFile(fixture('two-seconds-of-blue.webm')));
    expect(await readLessonVideo(renamed)).toMatchObject({
      contentType: 'video/webm',
      objectName: expect.stringMatching(/^lessons\/[0-9a-f]{32}\.webm$/),
      durationSeconds: 2,
    });
  });

  it.each([
    ['text named .mp4', () => file('notes.mp4', 'not a video at all'), /not an MP4 or WebM video/],
    ['a picture named .webm', () => file('poster.webm', IMAGE_HEADERS.webp), /not an MP4 or WebM video/],
    ['a sound-only WebM', async () => fixture('half-a-second-of-tone.webm'), /has no video track/],
    ['a QuickTime movie', async () => fixture('one-second-of-red.mov'), /a QuickTime movie, not an MP4/],
    [
      'an MP4 cut short',
      async () => file('cut.mp4', (await readFile(seeded('why-three-lenses.mp4'))).subarray(0, 200)),
      /no stream can be read from it \(is the file complete\?\)/,
    ],
    [
      'a missing file',
      async () => path.join(folder, 'nowhere.mp4'),
      /nowhere\.mp4: cannot read it \(ENOENT\)/,
    ],
    ['a folder', async () => folder, /not a file/],
    [
      'a file over 2000 MB',
      async () => {
        // Sparse: the size is over the limit without writing 2000 MB.
        const huge = await file('huge.mp4', '');
        await truncate(huge, MAX_VIDEO_BYTES + 1);
        return huge;
      },
      /2000\.0 MB is over the 2000 MB limit/,
    ],
  ])('refuses %s', async (_, make, message) => {
    await expect(readLessonVideo(await make())).rejects.toThrow(message);
  });
});

describe('readLessonCaptions', () => {
  it('accepts valid WebVTT', async () => {
    expect(await readLessonCaptions(seeded('why-three-lenses.vtt'))).toMatchObject({
      contentType: 'text/vtt; charset=utf-8',
      objectName: await hashName(seeded('why-three-lenses.vtt'), 'vtt'),
    });
  });

  it('accepts SubRip, stored as the WebVTT it becomes', async () => {
    const stored = await readLessonCaptions(
      await file('captions.srt', '1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n'),
    );
    expect(new TextDecoder().decode(stored.bytes)).toBe('WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHi\n');
    expect(stored.objectName).toMatch(/^lessons\/[0-9a-f]{32}\.vtt$/);
  });

  it.each([
    ['no WEBVTT header', 'Hello\n\n00:00.000 --> 00:01.000\nHi\n', /not valid WebVTT: line 1: .*WEBVTT/],
    ['SubRip timings', 'WEBVTT\n\n1\n00:00:01,000 --> 00:00:02,000\nHi\n', /not valid WebVTT: line \d+/],
    ['a cue ending before it starts', 'WEBVTT\n\n00:02.000 --> 00:01.000\nHi\n', /not valid WebVTT/],
    ['no cue', 'WEBVTT\n', /has no cues/],
    [
      'SubRip whose cue ends before it starts',
      '1\n00:00:05,000 --> 00:00:02,000\nHi\n',
      /not valid SubRip: line 2/,
    ],
    ['bytes that are not UTF-8', new Uint8Array([0x57, 0x45, 0x42, 0xff, 0xfe]), /not a UTF-8 text file/],
  ])('refuses %s', async (_, content, message) => {
    await expect(readLessonCaptions(await file('captions.vtt', content))).rejects.toThrow(message);
  });
});

describe('readLessonPoster', () => {
  it('accepts WebP and PNG by content', async () => {
    expect(await readLessonPoster(seeded('why-three-lenses.webp'))).toMatchObject({
      contentType: 'image/webp',
      objectName: await hashName(seeded('why-three-lenses.webp'), 'webp'),
    });
    const png = await file('poster.jpg', solidPng(4, 3, [10, 20, 30]));
    expect(await readLessonPoster(png)).toMatchObject({ contentType: 'image/png' });
  });

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['an AVIF', IMAGE_HEADERS.avif],
    ['text', 'not a picture'],
  ])('refuses %s', async (_, content) => {
    await expect(readLessonPoster(await file('poster.png', content))).rejects.toThrow(
      /not a JPEG, PNG or WebP picture/,
    );
  });
});
