import { type Command, Option } from 'commander';
import type { AdminContext } from '../../admin-context.ts';
import { shortTags } from '../../lesson-tags.ts';
import { createLessonsAdmin } from '../../lessons-admin.ts';
import { textTable } from '../text-table.ts';
import { minutes } from './lesson-words.ts';

export function listCommand(lessons: Command, context: AdminContext) {
  const { io } = context;
  lessons
    .command('list')
    .description(
      'every lesson in course order: id, order, published, free preview, length, adaptive stream, captions, poster, slug, title, and whom it speaks to',
    )
    .addOption(new Option('--format <format>', 'table or json').choices(['table', 'json']).default('table'))
    .action((options: { format: 'table' | 'json' }) =>
      context.withSession(async ({ db }) => {
        const rows = await createLessonsAdmin(db).list();
        if (options.format === 'json') {
          io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
          return;
        }
        if (rows.length === 0) {
          io.stdout('No lessons yet. Add one with: lessons add --title "…" --summary "…" --video FILE\n');
          return;
        }
        io.stdout(
          textTable(
            [
              'ID',
              'ORDER',
              'PUBLISHED',
              'PREVIEW',
              'LENGTH',
              'STREAM',
              'CAPTIONS',
              'POSTER',
              'SLUG',
              'TITLE',
              'FOR',
            ],
            rows.map((lesson) => [
              String(lesson.id),
              String(lesson.order_index),
              lesson.is_published ? 'yes' : 'no',
              lesson.is_preview ? 'yes' : '',
              minutes(lesson.duration_seconds),
              lesson.stream_path ? 'yes' : 'no',
              lesson.captions_path ? 'yes' : 'no',
              lesson.poster_path ? 'yes' : 'no',
              lesson.slug,
              lesson.title,
              shortTags(lesson.speaks_to),
            ]),
          ),
        );
      }),
    );
}
