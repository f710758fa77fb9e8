import type { Command } from 'commander';
import type { AdminContext } from '../../admin-context.ts';
import { createLessonsAdmin, type LessonRef } from '../../lessons-admin.ts';
import { describeLesson, lessonRef } from './lesson-words.ts';

/** `publish` and `unpublish`, the studio's switch too (public.lessons_set_published). */
export function publishCommands(lessons: Command, context: AdminContext) {
  for (const [name, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    lessons
      .command(name)
      .description(
        published
          ? 'show the lesson to signed-in learners'
          : 'hide the lesson from learners at once (it stays in the list; their progress is kept)',
      )
      .argument('<id|slug>', 'the lesson (see `lessons list`)', lessonRef)
      .action((ref: LessonRef) =>
        context.withSession(async ({ db }) => {
          const lesson = await createLessonsAdmin(db).setPublished(ref, published);
          context.io.stdout(`${published ? 'Published' : 'Unpublished'} ${describeLesson(lesson)}.\n`);
        }),
      );
  }
}
