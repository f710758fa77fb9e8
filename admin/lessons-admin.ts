// The course's lessons as SQL for the owner's tool: every change in one transaction, the order kept 1..N.
import { z } from 'zod';
import { type Database, type Sql, sqlState } from '../server/src/db/index.ts';
import { AdminError, withSchemaAdvice } from './admin-error.ts';

const LESSON_COLUMNS =
  'id, slug, title, summary, video_path, stream_path, captions_path, poster_path, duration_seconds, order_index, is_published, is_preview, speaks_to, created_at, updated_at';

const lessonRow = z.object({
  id: z.coerce.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  video_path: z.string(),
  stream_path: z.string().nullable(),
  captions_path: z.string().nullable(),
  poster_path: z.string().nullable(),
  duration_seconds: z.number(),
  order_index: z.number(),
  is_published: z.boolean(),
  is_preview: z.boolean(),
  speaks_to: z.array(z.string()),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
});
export type LessonRow = z.output<typeof lessonRow>;

/** A lesson named on the command line: its id, or its slug. */
export type LessonRef = { id: number } | { slug: string };

/** The columns that hold paths in the course bucket. */
const FILE_COLUMNS = ['video_path', 'captions_path', 'poster_path'] as const;

export interface NewLesson {
  slug: string;
  title: string;
  summary: string;
  video_path: string;
  /** The master playlist of its HLS ladder, when one was made (server/src/lessons/lesson-renditions.ts). */
  stream_path: string | null;
  captions_path: string | null;
  poster_path: string | null;
  duration_seconds: number;
  is_published: boolean;
  /** A free preview: anyone may watch it without signing in, once it is published. */
  is_preview: boolean;
  /** The questionnaire's options the lesson speaks to (admin/lesson-tags.ts). */
  speaks_to: string[];
}

export type LessonChanges = Partial<Omit<NewLesson, 'is_published'>>;

const describeRef = (ref: LessonRef) => ('id' in ref ? `id ${ref.id}` : `slug "${ref.slug}"`);

async function findLesson(sql: Sql, ref: LessonRef, lock: boolean): Promise<LessonRow> {
  const [row] = await sql.query(
    `select ${LESSON_COLUMNS} from public.lessons
      where ${'id' in ref ? 'id = $1' : 'slug = $1'}${lock ? ' for update' : ''}`,
    ['id' in ref ? ref.id : ref.slug],
  );
  if (!row) {
    throw new AdminError('not-found', `No lesson with ${describeRef(ref)}. \`lessons list\` shows them.`);
  }
  return lessonRow.parse(row);
}

async function refuseTakenSlug(sql: Sql, slug: string, exceptId: number | null) {
  const [taken] = await sql.query<{ id: string }>(
    'select id::text as id from public.lessons where slug = $1 and id is distinct from $2',
    [slug, exceptId],
  );
  if (taken) {
    throw new AdminError(
      'invalid',
      `The slug "${slug}" is already used by lesson ${taken.id}: choose another with --slug.`,
    );
  }
}

/** A unique violation on the slug (another command won the race) is the owner's to fix, like any taken slug. */
async function withSlugRefusal<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (slug !== undefined && sqlState(error) === '23505') {
      throw new AdminError('invalid', `The slug "${slug}" is already used: choose another with --slug.`);
    }
    throw error;
  }
}

/**
 * Writes order numbers 1..N: every lesson but `placed` keeps its relative order, and `placed` (if given) goes
 * to `position` (clamped to 1..N). Other writers of the order wait for this transaction, so two commands at
 * once cannot leave a gap or a duplicate.
 */
async function renumber(tx: Sql, placed?: { id: number; position: number | undefined }) {
  const others = await tx.query<{ id: string }>(
    'select id::text as id from public.lessons where id is distinct from $1 order by order_index, id',
    [placed?.id ?? null],
  );
  const ids = others.map((row) => Number(row.id));
  if (placed) {
    const position = Math.min(Math.max(placed.position ?? ids.length + 1, 1), ids.length + 1);
    ids.splice(position - 1, 0, placed.id);
  }
  // The studio's reorder too (supabase/migrations/20261128000500_studio_lessons.sql).
  await tx.query('select public.lessons_reorder($1::bigint[])', [ids]);
}

/** Serialises the owner's changes to lessons; learners' reads go on meanwhile. */
const lockLessons = (tx: Sql) => tx.query('lock table public.lessons in share row exclusive mode');

export function createLessonsAdmin(db: Database) {
  return {
    list: () =>
      withSchemaAdvice(async () =>
        z
          .array(lessonRow)
          .parse(await db.query(`select ${LESSON_COLUMNS} from public.lessons order by order_index, id`)),
      ),

    find: (ref: LessonRef) => withSchemaAdvice(() => findLesson(db, ref, false)),

    /** Refuses a slug another lesson has, before any file is uploaded for it. */
    checkSlugFree: (slug: string, exceptId: number | null) =>
      withSchemaAdvice(() => refuseTakenSlug(db, slug, exceptId)),

    add: (lesson: NewLesson, position: number | undefined) =>
      withSchemaAdvice(() =>
        withSlugRefusal(lesson.slug, () =>
          db.transaction(async (tx) => {
            await lockLessons(tx);
            await refuseTakenSlug(tx, lesson.slug, null);
            const [inserted] = await tx.query<{ id: string }>(
              `insert into public.lessons
                 (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index,
                  is_published, is_preview, speaks_to, stream_path)
               values ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10::text[], $11) returning id::text as id`,
              [
                lesson.slug,
                lesson.title,
                lesson.summary,
                lesson.video_path,
                lesson.captions_path,
                lesson.poster_path,
                lesson.duration_seconds,
                lesson.is_published,
                lesson.is_preview,
                lesson.speaks_to,
                lesson.stream_path,
              ],
            );
            const id = Number(inserted?.id);
            await renumber(tx, { id, position });
            return findLesson(tx, { id }, false);
          }),
        ),
      ),

    /** Returns the lesson before and after, so the caller knows which files it no longer uses. */
    update: (ref: LessonRef, changes: LessonChanges) =>
      withSchemaAdvice(() =>
        withSlugRefusal(changes.slug, () =>
          db.transaction(async (tx) => {
            const before = await findLesson(tx, ref, true);
            if (changes.slug !== undefined) await refuseTakenSlug(tx, changes.slug, before.id);
            const columns = (
              [
                'slug',
                'title',
                'summary',
                'video_path',
                'stream_path',
                'captions_path',
                'poster_path',
                'duration_seconds',
                'is_preview',
                'speaks_to',
              ] as const
            ).filter((column) => changes[column] !== undefined);
            // The cast lets an empty list through every driver as text[].
            const value = (column: (typeof columns)[number], index: number) =>
              `$${index + 2}${column === 'speaks_to' ? '::text[]' : ''}`;
            await tx.query(
              `update public.lessons
                  set ${[...columns.map((column, index) => `${column} = ${value(column, index)}`), 'updated_at = now()'].join(', ')}
                where id = $1`,
              [before.id, ...columns.map((column) => changes[column])],
            );
            return { before, after: await findLesson(tx, { id: before.id }, false) };
          }),
        ),
      ),

    setPublished: (ref: LessonRef, published: boolean) =>
      withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          const lesson = await findLesson(tx, ref, true);
          // The studio's publish too (supabase/migrations/20261128000500_studio_lessons.sql).
          await tx.query('select public.lessons_set_published($1, $2)', [lesson.id, published]);
          return findLesson(tx, { id: lesson.id }, false);
        }),
      ),

    move: (ref: LessonRef, position: number) =>
      withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          await lockLessons(tx);
          const lesson = await findLesson(tx, ref, true);
          await renumber(tx, { id: lesson.id, position });
          return findLesson(tx, { id: lesson.id }, false);
        }),
      ),

    /** How many learners have progress in the lesson: what removing it also deletes. */
    progressCount: async (id: number) => {
      const [row] = await db.query<{ count: number }>(
        'select count(*)::int as count from public.lesson_progress where lesson_id = $1',
        [id],
      );
      return row?.count ?? 0;
    },

    /** Deletes the lesson (its progress rows go with it, by the foreign key's cascade) and closes the gap. */
    remove: (ref: LessonRef) =>
      withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          await lockLessons(tx);
          const lesson = await findLesson(tx, ref, true);
          const [progress] = await tx.query<{ count: number }>(
            'select count(*)::int as count from public.lesson_progress where lesson_id = $1',
            [lesson.id],
          );
          await tx.query('delete from public.lessons where id = $1', [lesson.id]);
          await renumber(tx);
          return { lesson, progressRows: progress?.count ?? 0 };
        }),
      ),

    /** Of these bucket paths, the ones no lesson refers to any more, by a column or as a file of its stream. */
    unused: async (paths: readonly string[]) => {
      if (paths.length === 0) return [];
      const used = await db.query<{ path: string }>(
        `select path from unnest($1::text[]) as candidate (path)
          where exists (select 1 from public.lessons
                         where path in (${FILE_COLUMNS.join(', ')})
                            or starts_with(path, public.stream_folder(stream_path)))`,
        [[...new Set(paths)]],
      );
      const inUse = new Set(used.map((row) => row.path));
      return [...new Set(paths)].filter((path) => !inUse.has(path));
    },
  };
}

export type LessonsAdmin = ReturnType<typeof createLessonsAdmin>;
