// A lesson's files on their way into the course bucket: read and checked first, uploaded only for a change the
// database has accepted, and deleted again once no lesson uses them.
import type { AdminContext } from '../../admin-context.ts';
import type { AdminSession } from '../../admin-session.ts';
import { readLessonCaptions, readLessonPoster, readLessonVideo } from '../../lesson-files.ts';
import type { LessonsAdmin } from '../../lessons-admin.ts';
import type { LessonVideo } from '../../../server/src/lessons/lessons-door.ts';
import type { StoredObject } from '../../../server/src/storage/storage-door.ts';

export interface LessonFiles {
  /** Stored as uploaded; the job that makes its stream replaces it (server/src/lessons/stream-jobs.ts). */
  video?: LessonVideo;
  captions?: StoredObject;
  poster?: StoredObject;
}

/** Reads and checks every file named on the command line before the database or the bucket is touched. */
export async function readFiles(options: {
  video?: string;
  captions?: string;
  poster?: string;
}): Promise<LessonFiles> {
  return {
    captions: options.captions === undefined ? undefined : await readLessonCaptions(options.captions),
    poster: options.poster === undefined ? undefined : await readLessonPoster(options.poster),
    // Last: a refused caption or poster must not wait for a long video to be read.
    video: options.video === undefined ? undefined : await readLessonVideo(options.video),
  };
}

/** The columns the files set: each file's path in the bucket. */
export const fileColumns = (files: LessonFiles) => ({
  video_path: files.video?.objectName,
  duration_seconds: files.video?.durationSeconds,
  captions_path: files.captions?.objectName,
  poster_path: files.poster?.objectName,
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Deletes the files among `paths` that no lesson uses; a failure is reported, since the change itself is done. */
export async function removeUnused(
  context: AdminContext,
  session: AdminSession,
  lessons: LessonsAdmin,
  paths: readonly string[],
): Promise<string[]> {
  const unused = await lessons.unused(paths);
  try {
    await session.buckets.course.remove(unused);
    return unused;
  } catch (error) {
    context.io.stderr(
      `Warning: could not delete ${unused.join(', ')} from ${session.buckets.course.description}: ${errorText(error)}\n`,
    );
    return [];
  }
}

/**
 * Deletes the folder of a stream no lesson plays any more (its master playlist unused); a failure is reported,
 * since the change itself is done. Answers the paths deleted, the folder's as `lessons/<hash>/…`.
 */
export async function removeUnusedStream(
  context: AdminContext,
  session: AdminSession,
  lessons: LessonsAdmin,
  streamPath: string | null,
): Promise<string[]> {
  if (streamPath === null || (await lessons.unused([streamPath])).length === 0) return [];
  const folder = streamPath.slice(0, -'master.m3u8'.length);
  try {
    await session.buckets.course.removeFolder(folder);
    return [`${folder}…`];
  } catch (error) {
    context.io.stderr(
      `Warning: could not delete the stream ${folder} from ${session.buckets.course.description}: ${errorText(error)}\n`,
    );
    return [];
  }
}

/**
 * Uploads the files, then runs the database change; when that change fails, the files it would have used are
 * deleted again (unless a lesson already used them), so a refused command leaves no stray file behind.
 */
export async function withStoredFiles<T>(
  context: AdminContext,
  session: AdminSession,
  lessons: LessonsAdmin,
  files: LessonFiles,
  change: () => Promise<T>,
): Promise<T> {
  const { course } = session.buckets;
  try {
    if (files.video) await course.putFile(files.video.file, files.video.objectName, files.video.contentType);
    for (const object of [files.captions, files.poster]) if (object) await course.put(object);
    return await change();
  } catch (error) {
    // Cleaning up is best effort: the error that stopped the command is the one to report.
    const paths = Object.values(fileColumns(files)).filter((path) => typeof path === 'string');
    await removeUnused(context, session, lessons, paths).catch(() => []);
    throw error;
  }
}
