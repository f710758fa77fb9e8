import type { Command } from 'commander';
import type { AdminContext } from '../../admin-context.ts';
import { AdminError } from '../../admin-error.ts';
import { createLessonsAdmin, type LessonRef } from '../../lessons-admin.ts';
import { plural } from '../text-table.ts';
import { removeUnused, removeUnusedStream } from './lesson-uploads.ts';
import { deletedNote, describeLesson, lessonRef } from './lesson-words.ts';

export function removeCommand(lessons: Command, context: AdminContext) {
  const { io } = context;
  lessons
    .command('remove')
    .description(
      "delete the lesson for good, with every learner's progress in it, and its files unless another lesson uses them",
    )
    .argument('<id|slug>', 'the lesson (see `lessons list`)', lessonRef)
    .option('--yes', 'do not ask for confirmation')
    .action(async (ref: LessonRef, options: { yes?: true }) => {
      let target = ref;
      if (options.yes !== true) {
        // Looked up in a session of its own: the question may wait longer than an idle connection lives.
        const { lesson, learners } = await context.withSession(async ({ db }) => {
          const admin = createLessonsAdmin(db);
          const found = await admin.find(ref);
          return { lesson: found, learners: await admin.progressCount(found.id) };
        });
        const confirmed = await io.confirm(
          `Remove ${describeLesson(lesson)} for good? The progress of ${plural(learners, 'learner')} in it goes ` +
            'with it, and its files unless another lesson uses them. This cannot be undone. [y/N] ',
        );
        if (!confirmed) {
          throw new AdminError('invalid', 'Nothing removed: not confirmed (answer "y", or add --yes).');
        }
        target = { id: lesson.id };
      }
      await context.withSession(async (session) => {
        const admin = createLessonsAdmin(session.db);
        const { lesson, progressRows } = await admin.remove(target);
        const deleted = [
          ...(await removeUnused(
            context,
            session,
            admin,
            [lesson.video_path, lesson.captions_path, lesson.poster_path].filter((path) => path !== null),
          )),
          ...(await removeUnusedStream(context, session, admin, lesson.stream_path)),
        ];
        io.stdout(
          `Removed ${describeLesson(lesson)} and ${plural(progressRows, 'progress row')}.${deletedNote(deleted)}\n`,
        );
      });
    });
}
