// The landing page's guides for the owner's tool: its reads, and its writes through the database's save_guide,
// which holds a guide's rules for the studio too. The tool says each refusal in its own words.
import { z } from 'zod';
import type { Database, Sql } from '../server/src/db/index.ts';
import { AdminError, parseInput, withSchemaAdvice } from './admin-error.ts';
import { databaseRefusal } from './database-refusal.ts';

const INT4_MAX = 2_147_483_647;

/** An order the column can hold: the command line takes any whole number. */
const orderSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(-INT4_MAX, 'is too small')
  .max(INT4_MAX, 'is too large');

/**
 * What a save sets; a field left out stays as it is, and a null quote or picture removes it. A new guide needs a
 * name and a title; it is shown, at the end of the carousel, unless it says otherwise.
 */
const guideSave = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  quote: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  order_index: orderSchema.optional(),
  is_active: z.boolean().optional(),
});
export type GuideSave = z.input<typeof guideSave>;

const guideRow = z.object({
  id: z.coerce.number(),
  name: z.string(),
  title: z.string(),
  quote: z.string().nullable(),
  image_url: z.string().nullable(),
  order_index: z.number(),
  is_active: z.boolean(),
  created_at: z.coerce.date(),
});
export type GuideRow = z.output<typeof guideRow>;

const GUIDE_COLUMNS = 'id, name, title, quote, image_url, order_index, is_active, created_at';

/** The tool's words for the rules of a guide, by the name the database's refusal gives them. */
const REFUSALS: Record<string, (guide: GuideSave) => string> = {
  guides_name_not_empty: () => 'name: must not be empty',
  guides_name_length: () => 'name: must be at most 120 characters',
  guides_title_not_empty: () => 'title: must not be empty',
  guides_title_length: () => 'title: must be at most 200 characters',
  guides_quote_check: () => 'quote: must be at most 600 characters',
  // Only --image gives a picture's address: a file's is its hash, which the database always takes.
  image_url: (guide) => `--image ${guide.image_url ?? ''}: not a valid http(s) address.`,
};

async function findGuide(sql: Sql, id: number, lock: boolean) {
  const [row] = await sql.query(
    `select ${GUIDE_COLUMNS} from public.guides where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  if (!row) throw new AdminError('not-found', `No guide with id ${id}. \`guides list\` shows the ids.`);
  return guideRow.parse(row);
}

export function createGuidesAdmin(db: Database) {
  return {
    /** Every guide, in carousel order. */
    list: () =>
      withSchemaAdvice(async () =>
        z
          .array(guideRow)
          .parse(await db.query(`select ${GUIDE_COLUMNS} from public.guides order by order_index, id`)),
      ),

    find: (id: number) => withSchemaAdvice(() => findGuide(db, id, false)),

    /** Whether a guide shows this picture of the bucket "guides". */
    usesImage: async (objectName: string) =>
      (await db.query('select 1 from public.guides where image_url = $1', [objectName])).length > 0,

    /**
     * Adds a guide (id null) or changes one. At an order another guide holds, that guide and every one after it
     * move down one.
     */
    save: (id: number | null, raw: GuideSave) => {
      const guide = parseInput(guideSave, raw);
      return withSchemaAdvice(async () => {
        try {
          if (id !== null) await findGuide(db, id, false);
          const [row] = await db.query(
            `select ${GUIDE_COLUMNS} from public.save_guide($1, $2, $3, $4, $5, $6, $7)`,
            [
              id,
              guide.name ?? null,
              guide.title ?? null,
              // To save_guide a blank quote or picture means none, and a null one leaves it as it is.
              guide.quote === null ? '' : (guide.quote ?? null),
              guide.image_url === null ? '' : (guide.image_url ?? null),
              guide.order_index ?? null,
              guide.is_active ?? null,
            ],
          );
          return guideRow.parse(row);
        } catch (error) {
          const refusal = databaseRefusal(error);
          if (refusal === undefined) throw error;
          const words = refusal.rule === undefined ? undefined : REFUSALS[refusal.rule];
          throw new AdminError('invalid', words ? words(raw) : refusal.message);
        }
      });
    },

    remove: (id: number) =>
      withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          await findGuide(tx, id, true);
          const [row] = await tx.query(`delete from public.guides where id = $1 returning ${GUIDE_COLUMNS}`, [
            id,
          ]);
          return guideRow.parse(row);
        }),
      ),
  };
}
