// The files of a lesson (video, captions, poster), read and checked by content before anything is stored.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import mediaInfoFactory, { type MediaInfo } from 'mediainfo.js';
import { z } from 'zod';
import { type CaptionsProblem, captionsAsWebVtt } from '../src/lib/lesson-captions.ts';
import { AdminError } from './admin-error.ts';
import { MAX_IMAGE_BYTES, sniffImage } from './guide-image.ts';
import type { StoredObject } from './storage-bucket.ts';

/** A 10-minute 1080p recording at 10 Mbit/s is about 750 MB; 2000 MB stays within what Node reads at once. */
export const MAX_VIDEO_BYTES = 2000 * 1024 * 1024;
export const MAX_CAPTIONS_BYTES = 1024 * 1024;

/** A checked video, read from its file in chunks: a long recording is never held in memory to be checked. */
export interface LessonVideo {
  file: string;
  contentType: string;
  /** The path inside the course bucket, named by the file's hash. */
  objectName: string;
  /** Whole seconds, at least 1, as `lessons.duration_seconds` holds them. */
  durationSeconds: number;
  /** Exact seconds, as the renditions must keep them. */
  duration: number;
  /** The picture's height in pixels: no rendition is made taller. */
  height: number;
  hasAudio: boolean;
  /** An MP4 whose index comes before its media (faststart), so a browser can play it while it downloads. */
  streamable: boolean;
}

const VIDEO_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;
const POSTER_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** What MediaInfo reports of a file: one General track for the container, one track per stream. */
const mediaInfoResult = z.object({
  media: z
    .object({
      track: z.array(
        z.looseObject({
          '@type': z.string(),
          Format: z.string().optional(),
          Format_Profile: z.string().optional(),
          Duration: z.number().optional(),
          Height: z.number().optional(),
          IsStreamable: z.string().optional(),
        }),
      ),
    })
    .nullish(),
});

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The course bucket's path for a file of this hash: the same file always gets the same name. */
const objectName = (hash: string, extension: string) => `lessons/${hash.slice(0, 32)}.${extension}`;

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The file's SHA-256, read as a stream. */
async function hashOfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The file's size, when it is a readable file within `limit`; else a clear refusal naming the option. */
async function checkedSize(option: string, file: string, limit: number): Promise<number> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new AdminError('invalid', `${option} ${file}: not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof AdminError) throw error;
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new AdminError('invalid', `${option} ${file}: cannot read it (${reason}).`);
  }
  if (size > limit) {
    throw new AdminError(
      'invalid',
      `${option} ${file}: ${(size / (1024 * 1024)).toFixed(1)} MB is over the ${megabytes(limit)} limit.`,
    );
  }
  return size;
}

async function readLimited(option: string, file: string, limit: number): Promise<Uint8Array> {
  await checkedSize(option, file, limit);
  return new Uint8Array(await readFile(file));
}

let mediaInfo: Promise<MediaInfo<'object'>> | undefined;

/**
 * Runs MediaInfo (MediaInfoLib in WebAssembly) over the file, reading only the chunks it asks for; it reads the
 * container, never the file name. One instance serves the whole process: compiling its WebAssembly costs more
 * than analysing a file.
 */
async function analyse(file: string, size: number) {
  mediaInfo ??= mediaInfoFactory({ format: 'object' });
  const analyser = await mediaInfo;
  const handle = await open(file, 'r');
  try {
    const result = await analyser.analyzeData(size, async (length, offset) => {
      const chunk = new Uint8Array(length);
      const { bytesRead } = await handle.read(chunk, 0, length, offset);
      return chunk.subarray(0, bytesRead);
    });
    return mediaInfoResult.parse(result).media?.track ?? [];
  } finally {
    await handle.close();
  }
}

/** An MP4 or WebM file with a video track and a readable duration, at most 2000 MB. */
export async function readLessonVideo(file: string): Promise<LessonVideo> {
  const size = await checkedSize('--video', file, MAX_VIDEO_BYTES);
  const tracks = await analyse(file, size);
  const general = tracks.find((track) => track['@type'] === 'General');
  if (general?.Format === 'MPEG-4' && general.Format_Profile === 'QuickTime') {
    throw new AdminError(
      'invalid',
      `--video ${file}: a QuickTime movie, not an MP4. Export it as MP4 (H.264) or WebM.`,
    );
  }
  const extension = general?.Format === 'MPEG-4' ? 'mp4' : general?.Format === 'WebM' ? 'webm' : undefined;
  if (extension === undefined) throw new AdminError('invalid', `--video ${file}: not an MP4 or WebM video.`);
  if (tracks.every((track) => track['@type'] === 'General')) {
    throw new AdminError(
      'invalid',
      `--video ${file}: no stream can be read from it (is the file complete?).`,
    );
  }
  if (!tracks.some((track) => track['@type'] === 'Video')) {
    throw new AdminError('invalid', `--video ${file}: has no video track (is it a sound file?).`);
  }
  const duration = general?.Duration;
  if (duration === undefined || !(duration > 0)) {
    throw new AdminError('invalid', `--video ${file}: its duration cannot be read (is the file complete?).`);
  }
  const video = tracks.find((track) => track['@type'] === 'Video');
  return {
    file,
    contentType: VIDEO_TYPES[extension],
    objectName: objectName(await hashOfFile(file), extension),
    durationSeconds: Math.max(1, Math.round(duration)),
    duration,
    height: video?.Height ?? 0,
    hasAudio: tracks.some((track) => track['@type'] === 'Audio'),
    // WebM has no index to move: it plays while it downloads.
    streamable: extension === 'webm' || general?.IsStreamable === 'Yes',
  };
}

/** The video as uploaded, to be stored whole (where no renditions are made): read into memory only now. */
export async function videoAsUploaded(video: LessonVideo): Promise<StoredObject> {
  return {
    bytes: await readFile(video.file),
    contentType: video.contentType,
    objectName: video.objectName,
  };
}

/** A UTF-8 WebVTT file that the W3C's parser accepts without a single error, with at least one cue. */
function captionsRefusal(problem: CaptionsProblem): string {
  switch (problem.kind) {
    case 'not-text':
      return 'not a UTF-8 text file, so not WebVTT or SubRip.';
    case 'no-cues':
      return 'has no cues.';
    case 'invalid-webvtt':
      return `not valid WebVTT: line ${problem.line}: ${problem.detail}`;
    case 'invalid-srt':
      return problem.line === null
        ? 'not valid SubRip: its cues are out of order.'
        : `not valid SubRip: line ${problem.line}: expected a cue's timing, such as 00:00:01,000 --> 00:00:02,500 (ending after it starts and not before the cue above), then its text.`;
  }
}

export async function readLessonCaptions(file: string): Promise<StoredObject> {
  const original = await readLimited('--captions', file, MAX_CAPTIONS_BYTES);
  const result = captionsAsWebVtt(original);
  if (!result.ok) throw new AdminError('invalid', `--captions ${file}: ${captionsRefusal(result.problem)}`);
  // WebVTT is stored byte for byte; SubRip as the WebVTT it became.
  const bytes = result.format === 'webvtt' ? original : new TextEncoder().encode(result.vtt);
  return { bytes, contentType: 'text/vtt; charset=utf-8', objectName: objectName(hashOf(bytes), 'vtt') };
}

/** A JPEG, PNG or WebP picture, at most 5 MB, recognised as the guides' pictures are. */
export async function readLessonPoster(file: string): Promise<StoredObject> {
  const bytes = await readLimited('--poster', file, MAX_IMAGE_BYTES);
  const kind = sniffImage(bytes);
  if (kind !== 'jpg' && kind !== 'png' && kind !== 'webp') {
    throw new AdminError('invalid', `--poster ${file}: not a JPEG, PNG or WebP picture.`);
  }
  return { bytes, contentType: POSTER_TYPES[kind], objectName: objectName(hashOf(bytes), kind) };
}
