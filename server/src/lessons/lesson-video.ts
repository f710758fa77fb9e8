// A lesson's video checked by its content, read in chunks: what the owner's tool and the server's stream jobs
// need to know of it before ffmpeg runs.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import mediaInfoFactory, { type MediaInfo } from 'mediainfo.js';
import { z } from 'zod';

/** A video refused for what it is (not a video, no picture, unreadable), or that ffmpeg could not convert. */
export class LessonVideoRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LessonVideoRefusal';
  }
}

const VIDEO_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;

/** A checked video, read from its file in chunks: a long recording is never held in memory to be checked. */
export interface LessonVideo {
  file: string;
  contentType: (typeof VIDEO_TYPES)[keyof typeof VIDEO_TYPES];
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

/** The file's SHA-256, read as a stream. */
async function hashOfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
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

/** An MP4 or WebM file of `size` bytes with a video track and a readable duration; else a LessonVideoRefusal. */
export async function describeLessonVideo(file: string, size: number): Promise<LessonVideo> {
  const tracks = await analyse(file, size);
  const general = tracks.find((track) => track['@type'] === 'General');
  if (general?.Format === 'MPEG-4' && general.Format_Profile === 'QuickTime') {
    throw new LessonVideoRefusal('a QuickTime movie, not an MP4. Export it as MP4 (H.264) or WebM.');
  }
  const extension = general?.Format === 'MPEG-4' ? 'mp4' : general?.Format === 'WebM' ? 'webm' : undefined;
  if (extension === undefined) throw new LessonVideoRefusal('not an MP4 or WebM video.');
  if (tracks.every((track) => track['@type'] === 'General')) {
    throw new LessonVideoRefusal('no stream can be read from it (is the file complete?).');
  }
  if (!tracks.some((track) => track['@type'] === 'Video')) {
    throw new LessonVideoRefusal('has no video track (is it a sound file?).');
  }
  const duration = general?.Duration;
  if (duration === undefined || !(duration > 0)) {
    throw new LessonVideoRefusal('its duration cannot be read (is the file complete?).');
  }
  const video = tracks.find((track) => track['@type'] === 'Video');
  return {
    file,
    contentType: VIDEO_TYPES[extension],
    // The same file always gets the same name.
    objectName: `lessons/${(await hashOfFile(file)).slice(0, 32)}.${extension}`,
    durationSeconds: Math.max(1, Math.round(duration)),
    duration,
    height: video?.Height ?? 0,
    hasAudio: tracks.some((track) => track['@type'] === 'Audio'),
    // WebM has no index to move: it plays while it downloads.
    streamable: extension === 'webm' || general?.IsStreamable === 'Yes',
  };
}

/**
 * What the owner is told when a video is kept as uploaded (no ffmpeg): the same words from the owner's tool and
 * in the studio.
 */
export function keptAsUploadedWarning(missing: string, video: Pick<LessonVideo, 'streamable'>): string {
  const faststart = video.streamable
    ? ''
    : ' Its index is at its end, so browsers must fetch the whole file before playing: export it with "fast start" (or "optimize for web").';
  return `${missing} The video is kept as uploaded, with no adaptive stream: learners on slow connections will wait for it.${faststart}`;
}
