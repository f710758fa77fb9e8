import { type Command, InvalidArgumentError, Option } from 'commander';
import { z } from 'zod';
import { AdminError, parseInput } from '../admin-error.ts';
import { type AdminContext, wholeNumber } from '../admin-context.ts';
import type { AdminSession } from '../admin-session.ts';
import {
  asAdminError,
  MAX_CAPTIONS_BYTES,
  MAX_VIDEO_BYTES,
  readLessonCaptions,
  readLessonPoster,
  readLessonVideo,
  videoAsUploaded,
} from '../lesson-files.ts';
import { createLessonsAdmin, type LessonRef, type LessonRow, type LessonsAdmin } from '../lessons-admin.ts';
import {
  keptAsUploadedWarning,
  type LessonRenditions,
  type LessonVideo,
  makeRenditions,
  makeWaitingStreams,
  renditionsInUse,
  streamPaths,
} from '../../server/src/lessons/lessons-door.ts';
import type { StoredObject } from '../../server/src/storage/storage-door.ts';
import { parseLessonTags, shortTags } from '../lesson-tags.ts';
import { LESSON_SLUG_PATTERN, slugFromTitle } from '../../src/lib/lesson-slug.ts';
import { plural, textTable } from './text-table.ts';

const position = (what: string) => wholeNumber(what, { positive: true });

/** A lesson id ("3") or slug ("the-trends-lens"); a slug always has a letter, so the two never mix up. */
function lessonRef(text: string): LessonRef {
  if (/^[1-9]\d*$/.test(text) && Number.isSafeInteger(Number(text))) return { id: Number(text) };
  if (LESSON_SLUG_PATTERN.test(text) && /[a-z]/.test(text)) return { slug: text };
  throw new InvalidArgumentError('ID|SLUG must be a lesson id (a number) or slug (like the-trends-lens).');
}

const slugSchema = z
  .string()
  .max(80, 'must be at most 80 characters')
  .regex(LESSON_SLUG_PATTERN, 'must be lower-case letters and digits in words joined by single hyphens')
  .regex(/[a-z]/, 'must have a letter (a number alone is read as an id)');
const titleSchema = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const summarySchema = z.string().trim().max(1000, 'must be at most 1000 characters');

const lessonFields = z.object({ slug: slugSchema, title: titleSchema, summary: summarySchema });
const lessonChanges = z
  .object({
    slug: slugSchema.optional(),
    title: titleSchema.optional(),
    summary: summarySchema.optional(),
    preview: z.boolean().optional(),
    speaksTo: z.array(z.string()).optional(),
    files: z.boolean(),
  })
  .refine(({ files, ...fields }) => files || Object.values(fields).some((value) => value !== undefined), {
    message: 'Nothing to change: give at least one option to update (see --help).',
  });

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function describeLesson(lesson: LessonRow): string {
  return `lesson ${lesson.id} "${lesson.title}" (${lesson.slug}, order ${lesson.order_index}, ${minutes(lesson.duration_seconds)}, ${lesson.is_published ? 'published' : 'unpublished'}${lesson.is_preview ? ', free preview' : ''})`;
}

/** Whom the lesson speaks to, said after a change of its tags. */
const speaksToNote = (lesson: LessonRow) =>
  lesson.speaks_to.length === 0
    ? ' It speaks to everyone (no --for tags).'
    : ` It speaks to: ${lesson.speaks_to.join(', ')}.`;

const FOR_HELP =
  'whom it speaks to, comma-separated: worries, age groups or strengths from the sign-up form, e.g. "AI taking over jobs, under25, Leadership"';

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

interface LessonFiles {
  video?: LessonVideo;
  /** The video's HLS ladder and faststart MP4, which replace the upload when ffmpeg made them. */
  renditions?: LessonRenditions;
  /** The video as uploaded, stored whole when there are no renditions. */
  upload?: StoredObject;
  captions?: StoredObject;
  poster?: StoredObject;
}

/**
 * The video's renditions, with ffmpeg's progress on stderr; without ffmpeg, a warning and nothing: the upload is
 * kept as it is.
 */
async function renditionsOf(
  context: AdminContext,
  file: string,
  video: LessonVideo,
): Promise<LessonRenditions | undefined> {
  const tools = context.videoTools();
  if ('missing' in tools) {
    context.io.stderr(`Warning: ${keptAsUploadedWarning(tools.missing, video)}\n`);
    return undefined;
  }
  const { playlist } = streamPaths(video);
  const inUse = await context.withSession(
    async (session) => !(await createLessonsAdmin(session.db).unused([playlist])).includes(playlist),
  );
  if (inUse) {
    context.io.stderr('This video already streams for another lesson: that stream is used as it is.\n');
    return renditionsInUse(video);
  }
  let shown = -1;
  return makeRenditions(file, video, {
    ...tools,
    onProgress: (done) => {
      const tenths = Math.floor(done * 10);
      if (tenths <= shown) return;
      shown = tenths;
      context.io.stderr(`Converting the video for streaming: ${tenths * 10}%\n`);
    },
  }).catch((error: unknown) => {
    throw asAdminError(`--video ${file}: `, error);
  });
}

/** Reads and checks the video, then makes its renditions (when ffmpeg is there), else keeps it as uploaded. */
async function readVideo(context: AdminContext, file: string) {
  const video = await readLessonVideo(file);
  const renditions = await renditionsOf(context, file, video);
  return { video, renditions, upload: renditions ? undefined : await videoAsUploaded(video) };
}

/** Reads and checks every file named on the command line before the database or the bucket is touched. */
async function readFiles(
  context: AdminContext,
  options: { video?: string; captions?: string; poster?: string },
): Promise<LessonFiles> {
  return {
    captions: options.captions === undefined ? undefined : await readLessonCaptions(options.captions),
    poster: options.poster === undefined ? undefined : await readLessonPoster(options.poster),
    // Last: a refused caption or poster must not wait for a conversion.
    ...(options.video === undefined ? {} : await readVideo(context, options.video)),
  };
}

/** The files stored whole; a video with renditions is stored as them instead. */
const storedObjects = (files: LessonFiles) =>
  [files.upload, files.captions, files.poster].filter((file) => file !== undefined);

/** The columns a new video sets: its renditions' paths when there are any, else the upload's. */
const videoColumns = (video: LessonVideo, renditions: LessonRenditions | undefined) => ({
  video_path: renditions?.fallback ?? video.objectName,
  stream_path: renditions?.playlist ?? null,
  duration_seconds: video.durationSeconds,
});

/** Deletes the files among `paths` that no lesson uses; a failure is reported, since the change itself is done. */
async function removeUnused(
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
      `Warning: could not delete ${unused.join(', ')} from ${session.buckets.course.description}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return [];
  }
}

/**
 * Uploads the files, then runs the database change; when that change fails, the files it would have used are
 * deleted again (unless a lesson already used them), so a refused command leaves no stray file behind.
 */
async function withStoredFiles<T>(
  context: AdminContext,
  session: AdminSession,
  lessons: LessonsAdmin,
  files: LessonFiles,
  change: () => Promise<T>,
): Promise<T> {
  const objects = storedObjects(files);
  const { renditions } = files;
  try {
    for (const object of objects) await session.buckets.course.put(object);
    await renditions?.store(session.buckets.course, (stored, total) =>
      context.io.stderr(`Uploading the stream: ${stored} of ${total} files\r${stored === total ? '\n' : ''}`),
    );
    return await change();
  } catch (error) {
    // Cleaning up is best effort: the error that stopped the command is the one to report.
    await removeUnused(context, session, lessons, [
      ...objects.map((object) => object.objectName),
      ...(renditions?.objectNames ?? []),
    ]).catch(() => []);
    throw error;
  }
}

/** Said after a new video: whether it streams adaptively. */
const streamNote = (files: LessonFiles) =>
  files.renditions ? ` Its video streams adaptively (${files.renditions.playlist}).` : '';

/**
 * Deletes the folder of a stream no lesson plays any more (its master playlist unused); a failure is reported,
 * since the change itself is done. Answers the paths deleted, the folder's as `lessons/<hash>/…`.
 */
async function removeUnusedStream(
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
      `Warning: could not delete the stream ${folder} from ${session.buckets.course.description}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return [];
  }
}

const deletedNote = (paths: readonly string[]) =>
  paths.length === 0 ? '' : ` Deleted ${plural(paths.length, 'file')} no lesson uses: ${paths.join(', ')}.`;

export function lessonsCommands(program: Command, context: AdminContext) {
  const { io } = context;
  const lessons = program
    .command('lessons')
    .description('the lessons of the course: videos, captions and posters in the private bucket "course"');

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
    .action(
      async (options: {
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
      }) => {
        const speaksTo = parseLessonTags(options.for ?? '');
        const fields = parseInput(lessonFields, {
          title: options.title,
          summary: options.summary,
          slug: options.slug ?? slugFromTitle(options.title),
        });
        const files = {
          ...(await readFiles(context, { captions: options.captions, poster: options.poster })),
          ...(await readVideo(context, options.video)),
        };
        await context
          .withSession(async (session) => {
            const admin = createLessonsAdmin(session.db);
            await admin.checkSlugFree(fields.slug, null);
            const lesson = await withStoredFiles(context, session, admin, files, () =>
              admin.add(
                {
                  ...fields,
                  ...videoColumns(files.video, files.renditions),
                  captions_path: files.captions?.objectName ?? null,
                  poster_path: files.poster?.objectName ?? null,
                  is_published: options.publish === true,
                  is_preview: options.preview === true,
                  speaks_to: speaksTo,
                },
                options.order,
              ),
            );
            io.stdout(
              `Added ${describeLesson(lesson)}.${streamNote(files)}${options.for === undefined ? '' : speaksToNote(lesson)}${lesson.is_published ? '' : ` Publish it with: lessons publish ${lesson.id}`}\n`,
            );
          })
          .finally(() => files.renditions?.discard());
      },
    );

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
    .action(
      async (
        ref: LessonRef,
        options: {
          title?: string;
          summary?: string;
          video?: string;
          captions?: string;
          poster?: string;
          slug?: string;
          preview?: boolean;
          for?: string;
        },
      ) => {
        const changes = parseInput(lessonChanges, {
          slug: options.slug,
          title: options.title,
          summary: options.summary,
          preview: options.preview,
          speaksTo: options.for === undefined ? undefined : parseLessonTags(options.for),
          files: [options.video, options.captions, options.poster].some((file) => file !== undefined),
        });
        const files = await readFiles(context, options);
        await context
          .withSession(async (session) => {
            const admin = createLessonsAdmin(session.db);
            // Before any upload: a mistyped id or a taken slug must not leave a stray file behind.
            const current = await admin.find(ref);
            if (changes.slug !== undefined) await admin.checkSlugFree(changes.slug, current.id);
            const { before, after } = await withStoredFiles(context, session, admin, files, () =>
              admin.update(
                { id: current.id },
                {
                  slug: changes.slug,
                  title: changes.title,
                  summary: changes.summary,
                  ...(files.video && videoColumns(files.video, files.renditions)),
                  captions_path: files.captions?.objectName,
                  poster_path: files.poster?.objectName,
                  is_preview: changes.preview,
                  speaks_to: changes.speaksTo,
                },
              ),
            );
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
            const tagsNote = changes.speaksTo === undefined ? '' : speaksToNote(after);
            io.stdout(
              `Updated ${describeLesson(after)}.${streamNote(files)}${tagsNote}${deletedNote(deleted)}\n`,
            );
          })
          .finally(() => files.renditions?.discard());
      },
    );

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
        io.stdout(`Moved ${describeLesson(lesson)}.\n`);
      }),
    );

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
          io.stdout(`${published ? 'Published' : 'Unpublished'} ${describeLesson(lesson)}.\n`);
        }),
      );
  }

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
