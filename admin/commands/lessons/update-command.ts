import type { Command } from 'commander';
import type { AdminContext } from '../../admin-context.ts';
import { AdminError } from '../../admin-error.ts';
import { MAX_VIDEO_BYTES } from '../../lesson-files.ts';
import { parseLessonTags } from '../../lesson-tags.ts';
import { createLessonsAdmin, type LessonRef, type LessonSave } from '../../lessons-admin.ts';
import { makeStreamOf } from './lesson-stream.ts';
import {
  fileColumns,
  readFiles,
  removeUnused,
  removeUnusedStream,
  withStoredFiles,
} from './lesson-uploads.ts';
import { deletedNote, describeLesson, FOR_HELP, lessonRef, megabytes, speaksToNote } from './lesson-words.ts';

interface UpdateOptions {
  title?: string;
  summary?: string;
  video?: string;
  captions?: string;
  poster?: string;
  slug?: string;
  preview?: boolean;
  for?: string;
}

export function updateCommand(lessons: Command, context: AdminContext) {
  lessons
    .command('update')
    .alias('edit')
    .description("change a lesson's fields or files; what you leave out stays as it is")
    .argument('<id|slug>', 'the lesson (see `lessons list`)', lessonRef)
    .option('--title <title>', 'new title (the slug stays, so links keep working)')
    .option('--summary <text>', 'new summary')
    .option(
      '--video <file>',
      `new video (MP4 or WebM, at most ${megabytes(MAX_VIDEO_BYTES)}); its length is read again`,
    )
    .option('--captions <file>', 'new WebVTT or SubRip (.srt) captions')
    .option('--poster <file>', 'new poster picture (JPEG, PNG or WebP)')
    .option('--slug <slug>', 'new slug: links with the old one stop working')
    .option('--preview', 'make it a free preview: once published, anyone can watch it without signing in')
    .option('--no-preview', 'make it no longer a free preview: only signed-in learners can watch it')
    .option('--for <list>', `${FOR_HELP}; --for "" clears them`)
    .action(async (ref: LessonRef, options: UpdateOptions) => {
      const speaksTo = options.for === undefined ? undefined : parseLessonTags(options.for);
      const { title, summary, slug, preview, video, captions, poster } = options;
      if (
        [title, summary, slug, preview, speaksTo, video, captions, poster].every(
          (given) => given === undefined,
        )
      ) {
        throw new AdminError(
          'invalid',
          'Nothing to change: give at least one option to update (see --help).',
        );
      }
      const read = await readFiles(options);
      const changes: LessonSave = {
        slug: options.slug,
        title: options.title,
        summary: options.summary,
        ...fileColumns(read),
        speaks_to: speaksTo,
        is_preview: options.preview,
      };
      await context.withSession(async (session) => {
        const admin = createLessonsAdmin(session.db);
        // Before any upload: a mistyped id or a refused change must not leave a stray file behind.
        const before = await admin.find(ref);
        await admin.check(before.id, changes);
        await withStoredFiles(context, session, admin, read, () => admin.save(before.id, changes));
        const streamNote = read.video ? await makeStreamOf(context, session, before.id, read.video) : '';
        const after = await admin.find({ id: before.id });
        const replaced = [
          [before.video_path, after.video_path],
          [before.captions_path, after.captions_path],
          [before.poster_path, after.poster_path],
        ].flatMap(([old, now]) => (old && old !== now ? [old] : []));
        const deleted = [
          ...(await removeUnused(context, session, admin, replaced)),
          ...(before.stream_path === after.stream_path
            ? []
            : await removeUnusedStream(context, session, admin, before.stream_path)),
        ];
        const tagsNote = speaksTo === undefined ? '' : speaksToNote(after);
        context.io.stdout(
          `Updated ${describeLesson(after)}.${streamNote}${tagsNote}${deletedNote(deleted)}\n`,
        );
      });
    });
}
