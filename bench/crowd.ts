// The course under a crowd: N learners at once, each playing a streamed lesson's 540p rung over HTTP as the course
// page does (bench/crowd-learners.ts), against the real server in a process of its own, on PGlite and on
// PostgreSQL. For each N, a fresh server process on the same data: the learners arrive over the first seconds and
// play until the window ends, while the bench reads the server's CPU time and peak memory from /proc, and its own.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { findOrInstallFfmpeg } from '../server/src/lessons/find-ffmpeg.ts';
import { publishedLessons, serviceRoleKey, signInLink } from './course-arrival.ts';
import type { CrowdSamples, CrowdWork } from './crowd-learners.ts';
import { ownersTool } from './lesson-stream.ts';
import { percentile } from './percentile.ts';
import { startSiteServer } from './processes.ts';

const run = promisify(execFile);

type CrowdDatabase = 'PGlite' | 'PostgreSQL';

/** One crowd's measurements. */
export interface CrowdRow {
  learners: number;
  /** Learners that signed in and started playing within the window. */
  playing: number;
  segments: number;
  segmentTtfbP50Ms: number;
  segmentTtfbP99Ms: number;
  /** Segments that arrived after the picture needed them (a stall in a browser). */
  lateSegments: number;
  requests: number;
  /** Failed requests by what and why. */
  errors: Record<string, number>;
  progressWrites: number;
  progressP99Ms: number;
  /** The server process's CPU time over the window, in cores (1 = one core busy throughout). */
  serverCpuCores: number;
  serverPeakRssMb: number | undefined;
  /** The bench's own CPU time (its learners' threads included), in cores. */
  generatorCpuCores: number;
  /** The whole machine's busy share over the window: the server, the bench, PostgreSQL and anything else running. */
  machineBusy: number;
  /** Segment bytes served per second, Mbit/s. */
  segmentMbps: number;
}

export interface CrowdResult {
  /** Each window: learners arrive evenly over `rampSeconds`, then all play until `seconds`. */
  seconds: number;
  rampSeconds: number;
  workers: number;
  lesson: { seconds: number; rung: string };
  runs: { database: CrowdDatabase; rows: CrowdRow[] }[];
}

/** The crowds the targets are stated for, and each one's window. */
export const CROWD_SIZES = [50, 100, 200, 500, 1000];
export const CROWD_SECONDS = 60;
const SLUG = 'bench-crowd';
const LESSON_SECONDS = 60;
const RAMP_SECONDS = 10;
/** The learners' threads: one Node thread cannot drive a thousand of them at real-time pace. */
const WORKERS = 2;
/** Sign-in links made at once before a window starts. */
const LINKS_AT_ONCE = 16;
const STREAM_DEADLINE_MS = 10 * 60_000;
/** Time after a window's end for the learners' threads to answer, before they are stopped. */
const WORKER_GRACE_MS = 40_000;

interface LessonSource {
  ffmpeg: string;
  video: string;
  poster: string;
}

/** A 60 s, 540p lesson with sound (a ladder of 240p, 360p and 540p), and its poster, made by ffmpeg in `folder`. */
async function makeLessonSource(folder: string): Promise<LessonSource> {
  const found = findOrInstallFfmpeg();
  if (found.missing !== undefined) throw new Error(found.missing);
  const { ffmpeg } = found;
  const video = path.join(folder, 'crowd-lesson.mp4');
  const poster = path.join(folder, 'crowd-lesson.jpg');
  await run(ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=960x540:rate=30:duration=${LESSON_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${LESSON_SECONDS}`],
    ...['-vf', 'noise=alls=10:allf=t', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '2500k', '-g', '60', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', video],
  ]);
  await run(ffmpeg, ['-v', 'error', '-y', '-ss', '6', '-i', video, '-frames:v', '1', '-q:v', '3', poster]);
  return { ffmpeg, video, poster };
}

/** Adds the lesson with the owner's tool (its ladder made by ffmpeg), unless there, and waits for its stream. */
async function addCrowdLesson(
  siteUrl: string,
  key: string,
  dataDir: string,
  databaseUrl: string | undefined,
  source: LessonSource,
) {
  const has = async () => (await publishedLessons(siteUrl, key)).find((lesson) => lesson.slug === SLUG);
  if ((await has()) === undefined) {
    await ownersTool(
      dataDir,
      [
        ...[
          'lessons',
          'add',
          '--title',
          'A lesson for a crowd',
          '--summary',
          'For the bench.',
          '--slug',
          SLUG,
        ],
        ...['--video', source.video, '--poster', source.poster, '--publish'],
      ],
      source.ffmpeg,
      databaseUrl,
    );
  }
  const deadline = Date.now() + STREAM_DEADLINE_MS;
  while (typeof (await has())?.stream_path !== 'string') {
    if (Date.now() > deadline)
      throw new Error(
        `The crowd's lesson has no stream ${STREAM_DEADLINE_MS / 60_000} min after it was added.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** `count` sign-in links for new addresses, as their token hashes. */
async function tokenHashes(siteUrl: string, key: string, count: number, batch: string): Promise<string[]> {
  const hashes: string[] = [];
  for (let start = 0; start < count; start += LINKS_AT_ONCE) {
    const made = await Promise.all(
      Array.from({ length: Math.min(LINKS_AT_ONCE, count - start) }, (_, index) =>
        signInLink(siteUrl, key, `crowd-${batch}-${start + index}@example.com`),
      ),
    );
    for (const link of made) {
      const hash = new URL(link).searchParams.get('token_hash');
      if (hash === null) throw new Error(`A sign-in link without its token: ${link}`);
      hashes.push(hash);
    }
  }
  return hashes;
}

/** A process's CPU time so far, in seconds (user + system, from /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command's closing parenthesis, utime and stime are the 12th and 13th fields, in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's busy and total CPU time so far, in clock ticks (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

function peakRssMbOf(pid: number): number | undefined {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Math.round(Number(match[1]) / 1024) : undefined;
}

/** A thread does not inherit tsx's loader from the bench's process: it registers it, then loads the learners. */
const LEARNERS_THREAD = `import('tsx/esm/api').then(({ register }) => {
  register();
  return import(${JSON.stringify(new URL('./crowd-learners.ts', import.meta.url).href)});
});`;

/** Runs the learners in `WORKERS` threads, each with every WORKERS-th learner, and merges what they measured. */
async function playCrowd(work: CrowdWork): Promise<CrowdSamples> {
  const shares = Array.from({ length: WORKERS }, (_, worker) => ({
    ...work,
    learners: work.learners.filter((_, index) => index % WORKERS === worker),
  }));
  const answers = await Promise.all(
    shares.map(
      (share) =>
        new Promise<CrowdSamples>((resolve, reject) => {
          const worker = new Worker(LEARNERS_THREAD, { eval: true, workerData: share });
          const timer = setTimeout(
            () => {
              void worker.terminate();
              reject(
                new Error(
                  `The learners' thread had not answered ${WORKER_GRACE_MS / 1000} s after the window.`,
                ),
              );
            },
            work.stopAtMs - Date.now() + WORKER_GRACE_MS,
          );
          worker.once('message', (samples: CrowdSamples) => {
            clearTimeout(timer);
            resolve(samples);
            void worker.terminate();
          });
          worker.once('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
        }),
    ),
  );
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
    return into;
  };
  return answers.reduce((all, one) => ({
    segmentTtfbMs: all.segmentTtfbMs.concat(one.segmentTtfbMs),
    progressMs: all.progressMs.concat(one.progressMs),
    requests: add({ ...all.requests }, one.requests),
    errors: add({ ...all.errors }, one.errors),
    lateSegments: all.lateSegments + one.lateSegments,
    segmentBytes: all.segmentBytes + one.segmentBytes,
    playing: all.playing + one.playing,
  }));
}

/**
 * The crowds of `sizes` on one database: the server at `dataDir` (and `databaseUrl`, for PostgreSQL) started
 * afresh for each, the lesson added at the first.
 */
async function crowdsOn(
  database: CrowdDatabase,
  options: {
    sizes: number[];
    seconds: number;
    dataDir: string;
    databaseUrl?: string;
    jwtSecret: string;
    distDir: string;
    /** The lesson's video and poster, made at the first call. */
    lessonSource: () => Promise<LessonSource>;
    log: (line: string) => void;
  },
): Promise<CrowdRow[]> {
  const { sizes, seconds, dataDir, databaseUrl, jwtSecret, distDir, log } = options;
  const key = await serviceRoleKey(jwtSecret);
  const rows: CrowdRow[] = [];
  for (const learners of sizes) {
    const server = await startSiteServer({ distDir, dataDir, databaseUrl, jwtSecret });
    try {
      if (rows.length === 0) {
        log(`Crowd, ${database}: the lesson (60 s of 540p, its ladder made by \`lessons add\` with ffmpeg)…`);
        await addCrowdLesson(server.url, key, dataDir, databaseUrl, await options.lessonSource());
      }
      log(`Crowd, ${database}: ${learners} learners, ${seconds} s…`);
      const hashes = await tokenHashes(
        server.url,
        key,
        learners,
        `${database}-${learners}-${Date.now().toString(36)}`,
      );
      const startAtMs = Date.now() + 500;
      const work: CrowdWork = {
        siteUrl: server.url,
        slug: SLUG,
        learners: hashes.map((tokenHash, index) => ({
          tokenHash,
          arriveAtMs: startAtMs + Math.floor((index * RAMP_SECONDS * 1000) / learners),
        })),
        stopAtMs: startAtMs + seconds * 1000,
      };
      const serverCpuBefore = cpuSecondsOf(server.pid);
      const generatorBefore = process.cpuUsage();
      const machineBefore = machineTicks();
      const startedAt = performance.now();
      const samples = await playCrowd(work);
      const elapsedSeconds = (performance.now() - startedAt) / 1000;
      const generator = process.cpuUsage(generatorBefore);
      const machineAfter = machineTicks();
      const row: CrowdRow = {
        learners,
        playing: samples.playing,
        segments: samples.segmentTtfbMs.length,
        segmentTtfbP50Ms: percentile(samples.segmentTtfbMs, 50),
        segmentTtfbP99Ms: percentile(samples.segmentTtfbMs, 99),
        lateSegments: samples.lateSegments,
        requests: Object.values(samples.requests).reduce((sum, value) => sum + value, 0),
        errors: samples.errors,
        progressWrites: samples.progressMs.length,
        progressP99Ms: percentile(samples.progressMs, 99),
        serverCpuCores: (cpuSecondsOf(server.pid) - serverCpuBefore) / elapsedSeconds,
        serverPeakRssMb: peakRssMbOf(server.pid),
        generatorCpuCores: (generator.user + generator.system) / 1e6 / elapsedSeconds,
        machineBusy:
          (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
        segmentMbps: (samples.segmentBytes * 8) / 1e6 / seconds,
      };
      log(`  ${JSON.stringify(row)}`);
      rows.push(row);
    } finally {
      await server.stop();
    }
  }
  return rows;
}

/**
 * The crowds of `sizes` on PGlite, then on PostgreSQL (a throwaway cluster on loopback, when `startPostgres`
 * gives one), each in a window of `seconds`, on servers of their own serving `distDir`.
 */
export async function measureCrowd(options: {
  sizes: number[];
  seconds: number;
  distDir: string;
  tempDir: (prefix: string) => string;
  postgres: () => Promise<{ url: string } | undefined>;
  jwtSecret: string;
  log: (line: string) => void;
}): Promise<CrowdResult> {
  const { sizes, seconds, distDir, tempDir, jwtSecret, log } = options;
  let source: Promise<LessonSource> | undefined;
  const lessonSource = () => (source ??= makeLessonSource(tempDir('bench-crowd-lesson-')));
  const common = { sizes, seconds, jwtSecret, distDir, lessonSource, log };
  const runs: CrowdResult['runs'] = [
    {
      database: 'PGlite',
      rows: await crowdsOn('PGlite', { ...common, dataDir: tempDir('bench-crowd-data-') }),
    },
  ];
  const postgres = await options.postgres();
  if (postgres) {
    runs.push({
      database: 'PostgreSQL',
      rows: await crowdsOn('PostgreSQL', {
        ...common,
        dataDir: tempDir('bench-crowd-data-'),
        databaseUrl: postgres.url,
      }),
    });
  }
  return {
    seconds,
    rampSeconds: RAMP_SECONDS,
    workers: WORKERS,
    lesson: { seconds: LESSON_SECONDS, rung: '540p' },
    runs,
  };
}
