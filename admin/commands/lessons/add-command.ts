import type { Command } from 'commander';
import type { AdminContext } from '../../admin-context.ts';
import { MAX_CAPTIONS_BYTES, MAX_VIDEO_BYTES } from '../../lesson-files.ts';
import { parseLessonTags } from '../../lesson-tags.ts';
import { createLessonsAdmin, type LessonSave } from '../../lessons-admin.ts';
import { slugFromTitle } from '../../../src/lib/lesson-slug.ts';
import { makeStreamOf } from './lesson-stream.ts';
import { fileColumns, readFiles, withStoredFiles } from './lesson-uploads.ts';
import { describeLesson, FOR_HELP, megabytes, position, speaksToNote } from './lesson-words.ts';

interface AddOptions {
  title: string;
  summary: string;
  video: string;
  captions?: string;
  poster?: string;
  slug?: string;
  order?: number;
  publish?: true;
  preview?: true;
  for?: string;
}

export function addCommand(lessons: Command, context: AdminContext) {
  lessons
    .command('add')
    .description('add a lesson (unpublished and last unless --publish and --order are given)')
    .requiredOption('--title <title>', 'the title (1–200 characters)')
    .requiredOption('--summary <text>', 'a short summary shown in the list (up to 1000 characters)')
    .requiredOption(
      '--video <file>',
      `an MP4 or WebM video of at most ${megabytes(MAX_VIDEO_BYTES)}, recognised by content; its length is read from it`,
    )
    .option(
      '--captions <file>',
      `WebVTT captions, checked by a WebVTT parser, or SubRip (.srt) converted to WebVTT (up to ${megabytes(MAX_CAPTIONS_BYTES)})`,
    )
    .option('--poster <file>', 'a JPEG, PNG or WebP picture shown before the video plays (up to 5 MB)')
    .option('--slug <slug>', 'its name in links (/course?lesson=SLUG); made from the title if left out')
    .option(
      '--order <n>',
      'position in the course; lessons at or after it move down one',
      position('--order'),
    )
    .option('--publish', 'show it to signed-in learners at once')
    .option('--preview', 'make it a free preview: once published, anyone can watch it without signing in')
    .option('--for <list>', FOR_HELP)
    .action(async (options: AddOptions) => {
      const speaksTo = parseLessonTags(options.for ?? '');
      const files = await readFiles(options);
      const { video } = files;
      if (video === undefined) throw new Error('--video is a required option.');
      const lesson: LessonSave = {
        slug: options.slug ?? slugFromTitle(options.title),
        title: options.title,
        summary: options.summary,
        ...fileColumns(files),
        speaks_to: speaksTo,
        is_preview: options.preview === true,
        place: options.order,
      };
      await context.withSession(async (session) => {
        const admin = createLessonsAdmin(session.db);
        await admin.check(null, lesson);
        // Published only once its stream is made, so no learner sees it play as uploaded meanwhile.
        const { id } = await withStoredFiles(context, session, admin, files, () => admin.save(null, lesson));
        const streamNote = await makeStreamOf(context, session, id, video);
        const added =
          options.publish === true ? await admin.setPublished({ id }, true) : await admin.find({ id });
        context.io.stdout(
          `Added ${describeLesson(added)}.${streamNote}${options.for === undefined ? '' : speaksToNote(added)}${added.is_published ? '' : ` Publish it with: lessons publish ${added.id}`}\n`,
        );
      });
    });
}
