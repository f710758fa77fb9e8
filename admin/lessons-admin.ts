// The course's lessons for the owner's tool: its reads, and its writes through the database's own functions
// (check_lesson, save_lesson, lessons_reorder, lessons_set_published), which hold a lesson's rules for the studio
// too. The tool says each refusal in its own words.
import { lessonRow } from '../src/lib/lesson-row.ts';
import { z } from '../src/lib/zod.ts';
import type { Database, Sql } from '../server/src/db/index.ts';
import { AdminError, withSchemaAdvice } from './admin-error.ts';
import { databaseRefusal } from './database-refusal.ts';

/** A lesson as the tool lists it: the row, and when it was added and last changed. */
const listedLesson = z.extend(lessonRow, { created_at: z.coerce.date(), updated_at: z.coerce.date() });
export type ListedLesson = z.infer<typeof listedLesson>;

/** Rows of `select to_jsonb(lesson) as row`: every driver answers JSON the same way. */
const listedLessons = (rows: { row: unknown }[]) => z.array(listedLesson).parse(rows.map(({ row }) => row));

/** A lesson named on the command line: its id, or its slug. */
export type LessonRef = { id: number } | { slug: string };

/**
 * What a save sets; a field left out stays as it is. A new lesson needs a slug, a title, a video and its length;
 * it goes last unless `place` says where (the lessons from there move down one).
 */
export interface LessonSave {
  slug?: string;
  title?: string;
  summary?: string;
  video_path?: string;
  captions_path?: string;
  poster_path?: string;
  duration_seconds?: number;
  speaks_to?: string[];
  is_preview?: boolean;
  is_published?: boolean;
  place?: number;
}

/** The columns that hold paths in the course bucket. */
const FILE_COLUMNS = ['video_path', 'captions_path', 'poster_path'] as const;

const describeRef = (ref: LessonRef) => ('id' in ref ? `id ${ref.id}` : `slug "${ref.slug}"`);

async function findLesson(sql: Sql, ref: LessonRef, lock: boolean): Promise<ListedLesson> {
  const rows = await sql.query<{ row: unknown }>(
    `select to_jsonb(lesson) as row from public.lessons as lesson
      where ${'id' in ref ? 'id = $1' : 'slug = $1'}${lock ? ' for update' : ''}`,
    ['id' in ref ? ref.id : ref.slug],
  );
  const [lesson] = listedLessons(rows);
  if (!lesson) {
    throw new AdminError('not-found', `No lesson with ${describeRef(ref)}. \`lessons list\` shows them.`);
  }
  return lesson;
}

/** The tool's words for the rules of a lesson that are the owner's to choose on the command line. */
const REFUSALS: Record<string, (lesson: LessonSave) => string> = {
  lessons_slug_length: () => 'slug: must be at most 80 characters',
  lessons_slug_words: () => 'slug: must be lower-case letters and digits in words joined by single hyphens',
  lessons_slug_letter: () => 'slug: must have a letter (a number alone is read as an id)',
  lessons_title_not_empty: () => 'title: must not be empty',
  lessons_title_length: () => 'title: must be at most 200 characters',
  lessons_summary_check: () => 'summary: must be at most 1000 characters',
  lessons_speaks_to_check: (lesson) =>
    `--for names ${lesson.speaks_to?.length ?? 0} options: a lesson may speak to at most 40.`,
};

/** Runs a check or a save, turning the database's refusal into one the owner can act on (exit code 2). */
async function withRefusals<T>(db: Sql, lesson: LessonSave, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const refusal = databaseRefusal(error);
    if (refusal === undefined) throw error;
    if (refusal.rule === 'lessons_slug_key') {
      const [taken] = await db.query<{ id: string }>(
        'select id::text as id from public.lessons where slug = $1',
        [lesson.slug],
      );
      throw new AdminError(
        'invalid',
        `The slug "${lesson.slug}" is already used${taken ? ` by lesson ${taken.id}` : ''}: choose another with --slug.`,
      );
    }
    const words = refusal.rule === undefined ? undefined : REFUSALS[refusal.rule];
    throw new AdminError('invalid', words ? words(lesson) : refusal.message);
  }
}

/** save_lesson's and check_lesson's arguments after the lesson's id, in order. */
const SAVE_ARGUMENTS = [
  'slug',
  'title',
  'summary',
  'video_path',
  'captions_path',
  'poster_path',
  'duration_seconds',
  'speaks_to',
] as const;

const saveArguments = (id: number | null, lesson: LessonSave) =>
  [id, ...SAVE_ARGUMENTS.map((name) => lesson[name] ?? null)] as const;

/**
 * Writes order numbers 1..N: every lesson but `placed` keeps its relative order, and `placed` goes to `position`
 * (clamped to 1..N). Other writers of the order wait for this transaction, so two commands at once cannot leave a
 * gap or a duplicate.
 */
async function renumber(tx: Sql, placed?: { id: number; position: number }) {
  const others = await tx.query<{ id: string }>(
    'select id::text as id from public.lessons where id is distinct from $1 order by order_index, id',
    [placed?.id ?? null],
  );
  const ids = others.map((row) => Number(row.id));
  if (placed) ids.splice(Math.min(Math.max(placed.position, 1), ids.length + 1) - 1, 0, placed.id);
  await tx.query('select public.lessons_reorder($1::bigint[])', [ids]);
}

/** Serialises the owner's changes to lessons; learners' reads go on meanwhile. */
const lockLessons = (tx: Sql) => tx.query('lock table public.lessons in share row exclusive mode');

export function createLessonsAdmin(db: Database) {
  return {
    list: () =>
      withSchemaAdvice(async () =>
        listedLessons(
          await db.query(
            'select to_jsonb(lesson) as row from public.lessons as lesson order by order_index, id',
          ),
        ),
      ),

    find: (ref: LessonRef) => withSchemaAdvice(() => findLesson(db, ref, false)),

    // In both, the cast lets an empty list of tags through every driver as text[].

    /** The database's refusal of this save, if any, before a single file is uploaded for it. */
    check: (id: number | null, lesson: LessonSave) =>
      withSchemaAdvice(() =>
        withRefusals(db, lesson, () =>
          db.query('select public.check_lesson($1, $2, $3, $4, $5, $6, $7, $8, $9::text[])', [
            ...saveArguments(id, lesson),
          ]),
        ),
      ),

    /** Adds a lesson (id null) or changes one; a save that names a video queues the job that makes its stream. */
    save: (id: number | null, lesson: LessonSave) =>
      withSchemaAdvice(() =>
        withRefusals(db, lesson, async () => {
          const rows = await db.query<{ row: unknown }>(
            `select to_jsonb(public.save_lesson($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12)) as row`,
            [
              ...saveArguments(id, lesson),
              lesson.is_preview ?? null,
              lesson.is_published ?? null,
              lesson.place ?? null,
            ],
          );
          const [saved] = listedLessons(rows);
          if (!saved) throw new Error('save_lesson answered no lesson.');
          return saved;
        }),
      ),

    setPublished: (ref: LessonRef, published: boolean) =>
      withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          const lesson = await findLesson(tx, ref, true);
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
