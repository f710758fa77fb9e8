// The files of a lesson (video, captions, poster), read and checked by content before anything is stored.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { type CaptionsProblem, captionsAsWebVtt } from '../src/lib/lesson-captions.ts';
import {
  describeLessonVideo,
  type LessonVideo,
  LessonVideoRefusal,
} from '../server/src/lessons/lessons-door.ts';
import type { StoredObject } from '../server/src/storage/storage-door.ts';
import { AdminError } from './admin-error.ts';
import { MAX_IMAGE_BYTES, sniffImage } from './guide-image.ts';

/** A 10-minute 1080p recording at 10 Mbit/s is about 750 MB; 2000 MB stays within what Node reads at once. */
export const MAX_VIDEO_BYTES = 2000 * 1024 * 1024;
export const MAX_CAPTIONS_BYTES = 1024 * 1024;

const POSTER_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The course bucket's path for a file of this hash: the same file always gets the same name. */
const objectName = (hash: string, extension: string) => `lessons/${hash.slice(0, 32)}.${extension}`;

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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

/** An MP4 or WebM file with a video track and a readable duration, at most 2000 MB. */
export async function readLessonVideo(file: string): Promise<LessonVideo> {
  const size = await checkedSize('--video', file, MAX_VIDEO_BYTES);
  try {
    return await describeLessonVideo(file, size);
  } catch (error) {
    // A refused video is a refusal of the command (exit code 2); other errors stay as they are.
    throw error instanceof LessonVideoRefusal
      ? new AdminError('invalid', `--video ${file}: ${error.message}`)
      : error;
  }
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
