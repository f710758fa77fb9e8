// The embedded server's side of the studio's uploads: this clock takes the waiting stream jobs, one at a time,
// and makes each video's HLS ladder with ffmpeg (server/src/lessons/stream-jobs.ts), or, without ffmpeg, marks the
// lesson as playing its video as uploaded.
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import type { Database } from '../db/database.ts';
import type { VideoTools } from '../lessons/lesson-renditions.ts';
import { makeWaitingStreams } from '../lessons/stream-jobs.ts';
import { startPeriodicPass } from './periodic-pass.ts';
import { localBucket } from '../storage/storage-bucket.ts';

export function startStreamMaker(
  db: Database,
  log: Log,
  options: { courseFolder: string; tools: () => VideoTools; intervalSeconds: number },
): { stop(): Promise<void> } {
  const bucket = localBucket(options.courseFolder);
  const pass = () =>
    makeWaitingStreams({ db, bucket, tools: options.tools }).then(
      (outcomes) => {
        for (const { job, ...outcome } of outcomes) {
          log.info({ event: `lessons.stream_${outcome.outcome}`, lesson_id: job.lessonId });
        }
      },
      (error: unknown) =>
        log.error({
          event: 'lessons.stream_pass_failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  return startPeriodicPass(pass, options.intervalSeconds);
}
