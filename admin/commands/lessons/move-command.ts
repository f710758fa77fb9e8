import { type Command, Option } from 'commander';
import type { AdminContext } from '../../admin-context.ts';
import { createLessonsAdmin, type LessonRef } from '../../lessons-admin.ts';
import { describeLesson, lessonRef, position } from './lesson-words.ts';

export function moveCommand(lessons: Command, context: AdminContext) {
  lessons
    .command('move')
    .description('put the lesson at another position; the others close up, numbered 1 to N')
    .argument('<id|slug>', 'the lesson (see `lessons list`)', lessonRef)
    .addOption(
      new Option('--to <n>', 'the new position (past the end means last)')
        .argParser(position('--to'))
        .makeOptionMandatory(),
    )
    .action((ref: LessonRef, options: { to: number }) =>
      context.withSession(async ({ db }) => {
        const lesson = await createLessonsAdmin(db).move(ref, options.to);
        context.io.stdout(`Moved ${describeLesson(lesson)}.\n`);
      }),
    );
}
