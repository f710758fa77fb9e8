// The lessons' stream jobs (public.lesson_stream_jobs, queued by every save of a video): each waiting job's video
// becomes an HLS ladder and a faststart MP4 in the course bucket. The one way a stream is made: the embedded
// server runs this in its periodic pass, and the owner's tool runs it right after `lessons add|update --video`
// and, for hosted Supabase, in `lessons make-streams`.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import type { StorageBucket } from '../storage/storage-bucket.ts';
import {
  type LessonRenditions,
  makeRenditions,
  renditionsInUse,
  streamPaths,
  type VideoTools,
} from './lesson-renditions.ts';
import { describeLessonVideo, keptAsUploadedWarning, LessonVideoRefusal } from './lesson-video.ts';

export interface StreamJobSettings {
  db: Database;
  /** The bucket "course": the uploads are read from it and the streams written to it. */
  bucket: StorageBucket;
  /** Looked up once a job is waiting: finding ffmpeg takes time. */
  tools: () => VideoTools;
  /** A job left working without a change for this long belongs to a process that died: it is taken again. */
  staleAfterSeconds?: number;
  /** Takes only this lesson's job: the owner's tool makes the stream of the lesson it has just saved. */
  lessonId?: number;
  /** Called as a job's percent moves on, e.g. to show it on a terminal. */
  onProgress?: (job: StreamJob, percent: number) => void;
  /** Called at each step of a job, for a terminal that shows them as the owner's tool does. */
  onStep?: (job: StreamJob, step: StreamJobStep) => void;
}

/**
 * Converting (`done`, the share of the conversion made), using the stream another lesson already plays for the
 * same upload instead, or storing the stream's files.
 */
type StreamJobStep =
  | { step: 'converting'; done: number }
  | { step: 'reusing' }
  | { step: 'storing'; stored: number; total: number };

interface StreamJob {
  id: number;
  lessonId: number;
  videoPath: string;
}

/** How a job ended: its stream made, its lesson kept as uploaded (with why), or its video replaced meanwhile. */
export type StreamJobOutcome =
  | { job: StreamJob; outcome: 'done'; streamPath: string }
  | { job: StreamJob; outcome: 'failed'; message: string }
  | { job: StreamJob; outcome: 'stale' };

/** A lesson is "using" a path when it plays it as a file or as part of its stream's folder. */
const PATH_IN_USE = `exists (select 1 from public.lessons as lesson
                              where $1 in (lesson.video_path, lesson.captions_path, lesson.poster_path)
                                 or starts_with($1, public.stream_folder(lesson.stream_path)))`;

/** Takes the oldest waiting job (or one whose process died), so that two processes never take the same one. */
async function claimJob(
  db: Database,
  staleAfterSeconds: number,
  lessonId: number | null,
): Promise<StreamJob | undefined> {
  // A waiting job whose lesson has another video since (the owner's tool replaced it) has nothing to do.
  await db.query(
    `delete from public.lesson_stream_jobs as job
      using public.lessons as lesson
      where lesson.id = job.lesson_id and lesson.video_path <> job.video_path and job.state = 'waiting'`,
  );
  const [job] = await db.query<{ id: string; lesson_id: string; video_path: string }>(
    `update public.lesson_stream_jobs as job
        set state = 'working', percent = 0, message = null, updated_at = now()
      where job.id = (
        select candidate.id from public.lesson_stream_jobs as candidate
         where (candidate.state = 'waiting'
                or (candidate.state = 'working' and candidate.updated_at < now() - make_interval(secs => $1)))
           and ($2::bigint is null or candidate.lesson_id = $2)
         order by candidate.queued_at, candidate.id
         limit 1
         for update skip locked)
      returning job.id::text, job.lesson_id::text, job.video_path`,
    [staleAfterSeconds, lessonId],
  );
  return job && { id: Number(job.id), lessonId: Number(job.lesson_id), videoPath: job.video_path };
}

async function fail(db: Database, job: StreamJob, message: string): Promise<StreamJobOutcome> {
  await db.query(
    `update public.lesson_stream_jobs set state = 'failed', message = $2, updated_at = now() where id = $1`,
    [job.id, message],
  );
  return { job, outcome: 'failed', message };
}

/**
 * Gives the lesson its stream and faststart MP4 in one transaction, if the job is still its lesson's and the
 * lesson still has the job's video, and notes what they replaced (the upload, and the stream a remade ladder's
 * lesson had) for `removeReplacedFiles` to delete once no learner can be playing it; answers whether it did.
 */
function finish(db: Database, job: StreamJob, renditions: LessonRenditions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<{ replaced_folder: string | null }>(
      `select rtrim(public.stream_folder(lesson.stream_path), '/') as replaced_folder
         from public.lesson_stream_jobs as job
         join public.lessons as lesson on lesson.id = job.lesson_id and lesson.video_path = job.video_path
        where job.id = $1 and job.state = 'working'
        for update of job, lesson`,
      [job.id],
    );
    if (current === undefined) return false;
    await tx.query(
      `update public.lessons set stream_path = $2, video_path = $3, updated_at = now() where id = $1`,
      [job.lessonId, renditions.playlist, renditions.fallback],
    );
    await tx.query(
      `update public.lesson_stream_jobs
          set state = 'done', percent = 100, message = null, video_path = $2, updated_at = now()
        where id = $1`,
      [job.id, renditions.fallback],
    );
    const replaced = [{ path: job.videoPath, isFolder: false }];
    const folder = current.replaced_folder;
    if (folder !== null && folder !== path.posix.dirname(renditions.playlist))
      replaced.push({ path: folder, isFolder: true });
    for (const file of replaced) {
      if (file.path === renditions.fallback) continue;
      await tx.query(
        `insert into public.replaced_lesson_files (path, is_folder) values ($1, $2)
           on conflict (path) do update set replaced_at = now()`,
        [file.path, file.isFolder],
      );
    }
    return true;
  });
}

/**
 * How long a replaced file is kept: a learner who opened its lesson before the switch plays on with addresses
 * signed for an hour and renewed while she watches.
 */
const REPLACED_FILES_KEPT_SECONDS = 3 * 60 * 60;

/** Deletes the replaced files kept long enough (unless a lesson uses them again), and forgets them. */
async function removeReplacedFiles(settings: StreamJobSettings) {
  const due = await settings.db.query<{ path: string; is_folder: boolean }>(
    `select path, is_folder from public.replaced_lesson_files
      where replaced_at < now() - make_interval(secs => $1)`,
    [REPLACED_FILES_KEPT_SECONDS],
  );
  for (const { path: replaced, is_folder: isFolder } of due) {
    await removeUnused(settings, isFolder ? { folder: replaced } : { file: replaced });
    await settings.db.query('delete from public.replaced_lesson_files where path = $1', [replaced]);
  }
}

/**
 * Deletes these paths from the bucket unless a lesson uses them (a replaced file kept long enough, a stale
 * stream).
 * Best effort: the job's outcome stands either way, and a file left behind costs only its space.
 */
async function removeUnused(settings: StreamJobSettings, paths: { file?: string; folder?: string }) {
  const { db, bucket } = settings;
  const unused = async (path: string) =>
    (await db.query(`select 1 where not ${PATH_IN_USE}`, [path])).length > 0;
  try {
    if (paths.file !== undefined && (await unused(paths.file))) await bucket.remove([paths.file]);
    if (paths.folder !== undefined && (await unused(`${paths.folder}/master.m3u8`))) {
      await bucket.removeFolder(paths.folder);
    }
  } catch {
    // The file stays in the bucket, unused: see above.
  }
}

/** Makes one claimed job's stream: the conversion is 90 % of its percent, storing the files the rest. */
async function runJob(
  settings: StreamJobSettings,
  tools: VideoTools,
  job: StreamJob,
): Promise<StreamJobOutcome> {
  const { db, bucket } = settings;
  let shown = 0;
  let writes = Promise.resolve();
  const progress = (share: number) => {
    const percent = Math.min(99, Math.floor(share * 100));
    if (percent <= shown) return;
    shown = percent;
    settings.onProgress?.(job, percent);
    writes = writes.then(async () => {
      await db.query(
        `update public.lesson_stream_jobs set percent = $2, updated_at = now() where id = $1 and state = 'working'`,
        [job.id, percent],
      );
    });
  };
  try {
    return await bucket.withLocalCopy(job.videoPath, async (file) => {
      const video = await describeLessonVideo(file, (await stat(file)).size);
      if ('missing' in tools) return fail(db, job, keptAsUploadedWarning(tools.missing, video));
      const { playlist } = streamPaths(video);
      const inUse = (await db.query(`select 1 where ${PATH_IN_USE}`, [playlist])).length > 0;
      if (inUse) settings.onStep?.(job, { step: 'reusing' });
      const renditions = inUse
        ? renditionsInUse(video)
        : await makeRenditions(file, video, {
            ...tools,
            onProgress: (done) => {
              settings.onStep?.(job, { step: 'converting', done });
              progress(done * 0.9);
            },
          });
      let finished: boolean;
      try {
        await renditions.store(bucket, (stored, total) => {
          settings.onStep?.(job, { step: 'storing', stored, total });
          progress(0.9 + (stored / total) * 0.1);
        });
        await writes;
        finished = await finish(db, job, renditions);
        if (!finished) {
          if (!inUse) await removeUnused(settings, { folder: streamPaths(video).folder });
          return { job, outcome: 'stale' };
        }
      } finally {
        await renditions.discard();
      }
      settings.onProgress?.(job, 100);
      return { job, outcome: 'done', streamPath: renditions.playlist };
    });
  } catch (error) {
    await writes.catch(() => undefined);
    if (error instanceof LessonVideoRefusal) return fail(db, job, `The video: ${error.message}`);
    return fail(
      db,
      job,
      `The stream could not be made: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Puts the jobs left working back in the queue, when this process is the only one that could be working on
 * them (the embedded server on PGlite, at its start): a run that died left them. Answers how many.
 */
export async function releaseStreamJobsOfDeadRun(db: Database): Promise<number> {
  const released = await db.query(
    `update public.lesson_stream_jobs set state = 'waiting', percent = 0, updated_at = now()
      where state = 'working' returning id`,
  );
  return released.length;
}

/**
 * Makes the streams of every waiting job, one job at a time, and answers how each ended. Without ffmpeg each
 * job fails with the owner's tool's warning, and its lesson plays its video as uploaded. Deletes first the files
 * streams replaced three hours ago or more.
 */
export async function makeWaitingStreams(settings: StreamJobSettings): Promise<StreamJobOutcome[]> {
  const outcomes: StreamJobOutcome[] = [];
  await removeReplacedFiles(settings);
  let tools: VideoTools | undefined;
  for (;;) {
    const job = await claimJob(settings.db, settings.staleAfterSeconds ?? 600, settings.lessonId ?? null);
    if (job === undefined) return outcomes;
    tools ??= settings.tools();
    outcomes.push(await runJob(settings, tools, job));
  }
}
