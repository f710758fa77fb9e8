// The landing page's guides as SQL for the owner's tool: every input parsed first, every change in one transaction.
import { z } from 'zod';
import type { Database, Sql } from '../server/src/db/index.ts';
import { GUIDE_LIMITS, isGuideImageAddress } from '../src/lib/guide-rules.ts';
import { AdminError, parseInput, withSchemaAdvice } from './admin-error.ts';

const INT4_MAX = 2_147_483_647;

const guideIdSchema = z
  .number({ error: 'must be a guide id (a whole number)' })
  .int('must be a guide id (a whole number)')
  .min(1, 'must be a guide id (a whole number)')
  .max(Number.MAX_SAFE_INTEGER, 'must be a guide id (a whole number)');

const orderSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(-INT4_MAX, 'is too small')
  .max(INT4_MAX, 'is too large');

const nameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(GUIDE_LIMITS.name, `must be at most ${GUIDE_LIMITS.name} characters`);
const titleSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(GUIDE_LIMITS.title, `must be at most ${GUIDE_LIMITS.title} characters`);
/** A blank quote means "no quote". */
const quoteSchema = z
  .string()
  .trim()
  .max(GUIDE_LIMITS.quote, `must be at most ${GUIDE_LIMITS.quote} characters`)
  .transform((quote) => (quote === '' ? null : quote))
  .nullable();

/** A full http(s) address (used as is) or a path inside the public bucket "guides". */
export const imageUrlSchema = z
  .string()
  .max(GUIDE_LIMITS.imageUrl, `must be at most ${GUIDE_LIMITS.imageUrl} characters`)
  .refine(isGuideImageAddress, 'must be an http(s) address or a path in the guides bucket')
  .nullable();

export const addGuideInput = z.object({
  name: nameSchema,
  title: titleSchema,
  quote: quoteSchema.optional(),
  image_url: imageUrlSchema.optional(),
  order_index: orderSchema.optional(),
  is_active: z.boolean().default(true),
});

export const updateGuideInput = z
  .object({
    id: guideIdSchema,
    name: nameSchema.optional(),
    title: titleSchema.optional(),
    quote: quoteSchema.optional(),
    image_url: imageUrlSchema.optional(),
    order_index: orderSchema.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((input) => Object.entries(input).some(([key, value]) => key !== 'id' && value !== undefined), {
    message: 'Nothing to change: give at least one field to update (see --help).',
  });

const guideIdInput = z.object({ id: guideIdSchema });

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

/** Columns `update` may set, in a fixed order: the SET list is built only from these names. */
const EDITABLE = ['name', 'title', 'quote', 'image_url', 'order_index', 'is_active'] as const;

/**
 * Makes room at `order`: when another guide already sits there, it and every guide after it move down one,
 * so positions stay distinct and the carousel order is exactly what the owner asked for.
 */
async function makeRoomAt(tx: Sql, order: number, exceptId: number | null) {
  await tx.query(
    `update public.guides set order_index = order_index + 1
      where order_index >= $1 and id is distinct from $2
        and exists (select 1 from public.guides where order_index = $1 and id is distinct from $2)`,
    [order, exceptId],
  );
}

async function findGuideForUpdate(tx: Sql, id: number) {
  const [row] = await tx.query(`select ${GUIDE_COLUMNS} from public.guides where id = $1 for update`, [id]);
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

    /** At the end of the carousel, or at `order_index` with the guides from there moving down one. */
    add: (raw: z.input<typeof addGuideInput>) => {
      const input = parseInput(addGuideInput, raw);
      return withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          let order = input.order_index;
          if (order === undefined) {
            const [last] = await tx.query<{ next: number }>(
              'select coalesce(max(order_index), 0) + 1 as next from public.guides',
            );
            order = last?.next ?? 1;
          } else {
            await makeRoomAt(tx, order, null);
          }
          const [row] = await tx.query(
            `insert into public.guides (name, title, quote, image_url, order_index, is_active)
             values ($1, $2, $3, $4, $5, $6) returning ${GUIDE_COLUMNS}`,
            [input.name, input.title, input.quote ?? null, input.image_url ?? null, order, input.is_active],
          );
          return guideRow.parse(row);
        }),
      );
    },

    /** Sets the fields given; what is left out stays as it is. */
    update: (raw: z.input<typeof updateGuideInput>) => {
      const input = parseInput(updateGuideInput, raw);
      return withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          const current = await findGuideForUpdate(tx, input.id);
          if (input.order_index !== undefined && input.order_index !== current.order_index) {
            await makeRoomAt(tx, input.order_index, input.id);
          }
          const changes = EDITABLE.filter((column) => input[column] !== undefined);
          const [row] = await tx.query(
            `update public.guides set ${changes.map((column, index) => `${column} = $${index + 2}`).join(', ')}
              where id = $1 returning ${GUIDE_COLUMNS}`,
            [input.id, ...changes.map((column) => input[column])],
          );
          return guideRow.parse(row);
        }),
      );
    },

    remove: (raw: z.input<typeof guideIdInput>) => {
      const { id } = parseInput(guideIdInput, raw);
      return withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          await findGuideForUpdate(tx, id);
          const [row] = await tx.query(`delete from public.guides where id = $1 returning ${GUIDE_COLUMNS}`, [
            id,
          ]);
          return guideRow.parse(row);
        }),
      );
    },
  };
}
