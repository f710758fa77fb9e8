// The stream of a video the tool has just saved, made at once by the server's own job code: the save queued the
// job as the studio's saves do, and this takes that job (or, without ffmpeg, ends it as the server would).
import type { AdminContext } from '../../admin-context.ts';
import type { AdminSession } from '../../admin-session.ts';
import { type LessonVideo, makeWaitingStreams } from '../../../server/src/lessons/lessons-door.ts';
import type { StorageBucket } from '../../../server/src/storage/storage-door.ts';

/** The course bucket, with the video just uploaded read from the owner's own file rather than downloaded again. */
const withOwnCopy = (bucket: StorageBucket, video: LessonVideo): StorageBucket => ({
  ...bucket,
  withLocalCopy: (objectName, work) =>
    objectName === video.objectName ? work(video.file) : bucket.withLocalCopy(objectName, work),
});

/**
 * Makes the lesson's stream, showing each step on stderr; answers what stdout says of it after the lesson. Without
 * ffmpeg, or when ffmpeg fails, the lesson plays its video as uploaded and a warning says why.
 */
export async function makeStreamOf(
  context: AdminContext,
  session: AdminSession,
  lessonId: number,
  video: LessonVideo,
): Promise<string> {
  const { io } = context;
  let shownTenths = -1;
  const [ended] = await makeWaitingStreams({
    db: session.db,
    bucket: withOwnCopy(session.buckets.course, video),
    tools: () => context.videoTools(),
    lessonId,
    onStep: (_, step) => {
      if (step.step === 'reusing') {
        io.stderr('This video already streams for another lesson: that stream is used as it is.\n');
      } else if (step.step === 'converting') {
        const tenths = Math.floor(step.done * 10);
        if (tenths <= shownTenths) return;
        shownTenths = tenths;
        io.stderr(`Converting the video for streaming: ${tenths * 10}%\n`);
      } else {
        const { stored, total } = step;
        io.stderr(`Uploading the stream: ${stored} of ${total} files\r${stored === total ? '\n' : ''}`);
      }
    },
  });
  // A running server's own pass took the job first: it makes the stream, and the studio shows how far it is.
  if (ended === undefined) return ' The server is making its stream.';
  if (ended.outcome === 'done') return ` Its video streams adaptively (${ended.streamPath}).`;
  if (ended.outcome === 'failed') io.stderr(`Warning: ${ended.message}\n`);
  return '';
}
