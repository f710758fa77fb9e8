// A lesson's renditions, made once when it is added: an HLS ladder (H.264 + AAC in fMP4 segments), its lowest
// rung as one faststart MP4 for a phone on a slow link, and a faststart MP4 for players without HLS, written by
// ffmpeg into a folder of the course bucket.
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MASTER_PLAYLIST, SLOW_LINK_VIDEO } from '../../../supabase/stream-files.ts';
import type { StorageBucket } from '../storage/storage-bucket.ts';
import { type LessonVideo, LessonVideoRefusal } from './lesson-video.ts';

/** One rung of the ladder: its folder's name, picture height and bit rates. */
export interface Rung {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/**
 * The lessons' ladder (docs/decisions/0140, 0153): from a phone on a 400 kbit/s link (240p: 228 kbit/s with its
 * sound, room to spare) to a laptop on broadband. Players start at the lowest rung and climb.
 */
const LESSON_LADDER: readonly Rung[] = [
  { name: '240p', height: 240, videoKbps: 180, audioKbps: 48 },
  { name: '360p', height: 360, videoKbps: 550, audioKbps: 64 },
  { name: '540p', height: 540, videoKbps: 1200, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2400, audioKbps: 128 },
  { name: '1080p', height: 1080, videoKbps: 4500, audioKbps: 128 },
];
const SEGMENT_SECONDS = 4;

export interface RenditionOptions {
  /** ffmpeg's path (find-ffmpeg.ts). */
  ffmpeg: string;
  ladder?: readonly Rung[];
  segmentSeconds?: number;
  /** Called as ffmpeg works, with the share of the source done (0..1). */
  onProgress?: (done: number) => void;
}

/** ffmpeg and the ladder a lesson's renditions are made with, or why there is no ffmpeg. */
export type VideoTools = Omit<RenditionOptions, 'onProgress'> | { missing: string };

/** The renditions on disk, until `store` has put them in the bucket or `discard` has removed them. */
export interface LessonRenditions {
  /** The bucket's path of the master playlist, `lessons.stream_path`. */
  playlist: string;
  /** The bucket's path of the faststart MP4, `lessons.video_path`. */
  fallback: string;
  /** Every file's path in the bucket. */
  objectNames: string[];
  store(bucket: StorageBucket, onStored?: (stored: number, total: number) => void): Promise<void>;
  discard(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
};

/**
 * How ffmpeg reads the source: only as the container the video check accepted, and only from the local file.
 * Left to guess, ffmpeg would read a text file of the right first line as an HLS playlist or a concat list and
 * follow what it names.
 */
const DEMUXERS = { 'video/mp4': 'mp4', 'video/webm': 'webm' } as const;
const inputArgs = (source: string, video: LessonVideo) => [
  '-protocol_whitelist',
  'file',
  '-f',
  DEMUXERS[video.contentType],
  '-i',
  source,
];

/** Runs ffmpeg to its end, reporting `-progress` as a share of `duration`; a failure says ffmpeg's last words. */
function runFfmpeg(ffmpeg: string, args: string[], duration: number, onProgress?: (done: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-v', 'error', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The embedded server converts while it serves: ffmpeg takes the CPU the server's requests leave.
    if (child.pid !== undefined) os.setPriority(child.pid, 10);
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    child.stdout.on('data', (chunk: Buffer) => {
      const microseconds = /out_time_us=(\d+)/.exec(chunk.toString())?.[1];
      if (microseconds !== undefined) onProgress?.(Math.min(1, Number(microseconds) / 1e6 / duration));
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const reason = errors.trim().split('\n').at(-1) || `exit code ${String(code)}`;
      reject(new LessonVideoRefusal(`ffmpeg could not convert the video: ${reason}`));
    });
  });
}

/** The rungs no taller than the source; a source smaller than every rung gets the lowest at its own height. */
function rungsFor(ladder: readonly Rung[], height: number): Rung[] {
  const fitting = ladder.filter((rung) => rung.height <= height);
  const [lowest] = ladder;
  if (fitting.length > 0 || lowest === undefined) return fitting;
  return [{ ...lowest, height: height - (height % 2) }];
}

/** ffmpeg's arguments for the ladder: one pass, one scaled copy per rung, keyframes on segment starts. */
function ladderArgs(source: string, video: LessonVideo, rungs: Rung[], segmentSeconds: number, out: string) {
  const split = `[0:v:0]split=${rungs.length}${rungs.map((_, index) => `[s${index}]`).join('')}`;
  const scales = rungs.map((rung, index) => `[s${index}]scale=-2:${rung.height}[v${index}]`);
  const perRung = rungs.flatMap((rung, index) => [
    `-b:v:${index}`,
    `${rung.videoKbps}k`,
    `-maxrate:v:${index}`,
    `${Math.round(rung.videoKbps * 1.1)}k`,
    `-bufsize:v:${index}`,
    `${rung.videoKbps * 2}k`,
    ...(video.hasAudio ? [`-b:a:${index}`, `${rung.audioKbps}k`] : []),
    // The lowest rung without B-frames: its slow-link MP4's index loses their timing table, a third of it. A
    // minute of it: 22 KB instead of 34, and Chromium at 400 kbit/s plays it 1.1 s after asking instead of 1.8 s.
    ...(index === 0 ? [`-bf:v:${index}`, '0'] : []),
  ]);
  const streams = rungs
    .map((rung, index) => `v:${index}${video.hasAudio ? `,a:${index}` : ''},name:${rung.name}`)
    .join(' ');
  return [
    ...inputArgs(source, video),
    '-filter_complex',
    [split, ...scales].join(';'),
    ...rungs.map((_, index) => ['-map', `[v${index}]`]).flat(),
    ...(video.hasAudio ? rungs.map(() => ['-map', '0:a:0']).flat() : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${segmentSeconds})`,
    '-sc_threshold',
    '0',
    ...(video.hasAudio ? ['-c:a', 'aac', '-ac', '2'] : []),
    ...perRung,
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streams,
    '-hls_segment_filename',
    path.join(out, '%v', 'segment-%03d.m4s'),
    path.join(out, '%v', 'index.m3u8'),
  ];
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The bucket's folder of a video's stream, named by the upload's hash, with its playlist and its MP4. */
export function streamPaths(video: LessonVideo) {
  const folder = path.posix.join(path.posix.dirname(video.objectName), path.parse(video.objectName).name);
  return {
    folder,
    playlist: path.posix.join(folder, MASTER_PLAYLIST),
    fallback: path.posix.join(folder, 'video.mp4'),
  };
}

/**
 * The stream another lesson already plays for this same upload, as it is: converting again would rewrite the
 * files under its learners (ffmpeg's output is not byte for byte the same each time).
 */
export function renditionsInUse(video: LessonVideo): LessonRenditions {
  const { playlist, fallback } = streamPaths(video);
  return {
    playlist,
    fallback,
    objectNames: [],
    store: async () => undefined,
    discard: async () => undefined,
  };
}

/**
 * An MP4 a player starts from its first bytes: its index first (faststart), and its sound and picture in
 * half-second chunks instead of frame by frame, which keeps that index small. A minute at the lowest rung: a 34 KB
 * index instead of 64 KB, over half a second less before a 400 kbit/s phone can play.
 */
const PLAYS_FROM_ITS_FIRST_BYTES = ['-chunk_duration', '500000', '-movflags', '+faststart'];

/**
 * The lowest rung as one faststart MP4 (`slow-link.mp4`): its init file and segments joined are a fragmented MP4,
 * which ffmpeg remuxes (no new encode) into one with its index first, so that a player on a slow link starts
 * from its first bytes without a stream player's script and playlists. The joined file is removed.
 */
async function makeSlowLinkVideo(ffmpeg: string, work: string, rung: Rung, duration: number) {
  const folder = path.join(work, rung.name);
  const names = (await readdir(folder)).sort();
  const init = names.filter((name) => name.startsWith('init'));
  const segments = names.filter((name) => name.endsWith('.m4s'));
  const joined = path.join(work, 'slow-link-fragments.mp4');
  try {
    for (const name of [...init, ...segments])
      await appendFile(joined, await readFile(path.join(folder, name)));
    const args = ['-protocol_whitelist', 'file', '-f', 'mp4', '-i', joined, '-c', 'copy'];
    await runFfmpeg(
      ffmpeg,
      [...args, ...PLAYS_FROM_ITS_FIRST_BYTES, path.join(work, SLOW_LINK_VIDEO)],
      duration,
    );
  } finally {
    await rm(joined, { force: true });
  }
}

/**
 * Makes the ladder, its slow-link MP4 and the faststart MP4 of a checked video in a temporary folder. They go to the bucket's
 * folder named by the source's hash (`lessons/<hash>/`), so the same upload always makes the same names.
 */
export async function makeRenditions(
  source: string,
  video: LessonVideo,
  { ffmpeg, ladder = LESSON_LADDER, segmentSeconds = SEGMENT_SECONDS, onProgress }: RenditionOptions,
): Promise<LessonRenditions> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'lesson-renditions-'));
  try {
    const rungs = rungsFor(ladder, video.height);
    // Two passes of the same length: the ladder is most of the work, the fallback a copy or one more encode.
    await runFfmpeg(ffmpeg, ladderArgs(source, video, rungs, segmentSeconds, work), video.duration, (done) =>
      onProgress?.(done * 0.9),
    );
    const [lowest] = rungs;
    if (lowest) await makeSlowLinkVideo(ffmpeg, work, lowest, video.duration);
    const fallbackCodecs =
      video.contentType === 'video/mp4'
        ? // The picture and the sound only: data, timecode or cover-art streams could make the MP4 muxer refuse.
          ['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy']
        : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'].concat(
            video.hasAudio ? ['-c:a', 'aac'] : [],
          );
    const fallbackArgs = [
      ...inputArgs(source, video),
      ...fallbackCodecs,
      ...PLAYS_FROM_ITS_FIRST_BYTES,
      path.join(work, 'video.mp4'),
    ];
    await runFfmpeg(ffmpeg, fallbackArgs, video.duration, (done) => onProgress?.(0.9 + done * 0.1));
    onProgress?.(1);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  const { folder, playlist, fallback } = streamPaths(video);
  const files = await filesUnder(work);
  const objectName = (file: string) => path.posix.join(folder, ...file.split(path.sep));
  return {
    playlist,
    fallback,
    objectNames: files.map(objectName),
    async store(bucket, onStored) {
      // One file at a time: a long lesson's ladder is far bigger than its source.
      for (const [index, file] of files.entries()) {
        await bucket.putFile(
          path.join(work, file),
          objectName(file),
          CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        );
        onStored?.(index + 1, files.length);
      }
    },
    discard: () => rm(work, { recursive: true, force: true }),
  };
}
