import type { Command } from 'commander';
import type { AdminContext } from '../../admin-context.ts';
import { AdminError } from '../../admin-error.ts';
import { makeWaitingStreams } from '../../../server/src/lessons/lessons-door.ts';

export function makeStreamsCommand(lessons: Command, context: AdminContext) {
  const { io } = context;
  lessons
    .command('make-streams')
    .description(
      'make the adaptive streams of the videos uploaded in the studio that wait for one (the embedded server makes them itself; hosted Supabase needs this, with ffmpeg)',
    )
    .action(async () => {
      const tools = context.videoTools();
      if ('missing' in tools) {
        throw new AdminError(
          'invalid',
          `${tools.missing} The studio's videos wait for their streams until then.`,
        );
      }
      await context.withSession(async (session) => {
        const shownTenths = new Map<number, number>();
        const outcomes = await makeWaitingStreams({
          db: session.db,
          bucket: session.buckets.course,
          tools: () => tools,
          onProgress: (job, percent) => {
            const tenths = Math.floor(percent / 10);
            if (tenths <= (shownTenths.get(job.id) ?? -1)) return;
            shownTenths.set(job.id, tenths);
            io.stderr(`Lesson ${job.lessonId}: making its stream, ${tenths * 10}%\n`);
          },
        });
        for (const { job, ...outcome } of outcomes) {
          io.stdout(
            outcome.outcome === 'done'
              ? `Lesson ${job.lessonId} streams adaptively (${outcome.streamPath}).\n`
              : outcome.outcome === 'failed'
                ? `Lesson ${job.lessonId} plays as uploaded: ${outcome.message}\n`
                : `Lesson ${job.lessonId} has another video since: that stream was not kept.\n`,
          );
        }
        if (outcomes.length === 0) io.stdout('No video waits for its stream.\n');
      });
    });
}
