import { z } from 'zod';
import type { Database, Sql } from '../server/src/db/database.ts';
import { sqlState } from '../server/src/db/database.ts';
import {
  AdminError,
  type AdminApi,
  addGuideInput,
  erasure,
  eraseSignupInput,
  guideIdInput,
  guideRow,
  listSignupsInput,
  outboxStatus,
  parseInput,
  retryOutboxInput,
  retryResult,
  signupCount,
  signupRow,
  updateGuideInput,
} from './admin-api.ts';

const GUIDE_COLUMNS = 'id, name, title, quote, image_url, order_index, is_active, created_at';
const SIGNUP_COLUMNS =
  'id, email, name, consent_version, source, first_signed_up_at, last_signed_up_at, signup_count, unsubscribed';

/** Columns `updateGuide` may set, in a fixed order: the SET list is built only from these names. */
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

/** Turns "relation does not exist" into advice: the tool never changes a PostgreSQL schema on its own. */
export async function withSchemaAdvice<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === '42P01') {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}: this database lacks the project's tables. ` +
          'Apply the migrations first: start the server once on it, or run `supabase db push` for hosted Supabase.',
        { cause: error },
      );
    }
    throw error;
  }
}

/** The admin operations as SQL on a database the caller may open (PostgreSQL, or PGlite it holds the lock of). */
export function createDatabaseAdmin(db: Database): AdminApi {
  return {
    listGuides: () =>
      withSchemaAdvice(async () =>
        z
          .array(guideRow)
          .parse(await db.query(`select ${GUIDE_COLUMNS} from public.guides order by order_index, id`)),
      ),

    addGuide: (raw) => {
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

    updateGuide: (raw) => {
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

    removeGuide: (raw) => {
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

    listSignups: (raw) => {
      const { since } = parseInput(listSignupsInput, raw);
      return withSchemaAdvice(async () =>
        z.array(signupRow).parse(
          await db.query(
            `select ${SIGNUP_COLUMNS} from public.signups
              where $1::timestamptz is null or last_signed_up_at >= $1::timestamptz
              order by first_signed_up_at, id`,
            [since?.toISOString() ?? null],
          ),
        ),
      );
    },

    countSignups: () =>
      withSchemaAdvice(async () => {
        const [row] = await db.query(
          `select count(*)::int as total,
                  (count(*) filter (where unsubscribed))::int as unsubscribed
             from public.signups`,
        );
        return signupCount.parse(row);
      }),

    eraseSignup: (raw) => {
      const { email } = parseInput(eraseSignupInput, raw);
      return withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          // Every spelling of the address: a person asking to be forgotten means all of their rows.
          const signups = await tx.query<{ id: string }>(
            'select id::text as id from public.signups where lower(email) = lower($1) for update',
            [email],
          );
          const ids = signups.map((row) => row.id);
          const [outbox] = await tx.query(
            `with gone as (
               delete from public.email_outbox
                where signup_id = any($1::bigint[]) or lower(recipient) = lower($2)
                returning 1)
             select count(*)::int as count from gone`,
            [ids, email],
          );
          await tx.query('delete from public.signups where id = any($1::bigint[])', [ids]);
          // The course account: its sessions, tokens and lesson progress go with it (foreign keys on delete cascade).
          const [account] = await tx.query(
            `with gone as (delete from auth.users where lower(email) = lower($1) returning id)
             select (select count(*) from gone)::int as accounts,
                    (select count(*) from public.lesson_progress where user_id in (select id from gone))::int as progress`,
            [email],
          );
          return erasure.parse({
            signups: ids.length,
            outbox: z.object({ count: z.number() }).parse(outbox).count,
            ...z.object({ accounts: z.number(), progress: z.number() }).parse(account),
          });
        }),
      );
    },

    outboxStatus: () =>
      withSchemaAdvice(async () => {
        const counts = await db.query(
          'select status, count(*)::int as count from public.email_outbox group by status order by status',
        );
        const [oldest] = await db.query(
          `select min(next_attempt_at) as oldest_due from public.email_outbox where status = 'pending'`,
        );
        const dead = await db.query(
          `select id, recipient, attempts, last_error, created_at
             from public.email_outbox where status = 'dead' order by id`,
        );
        const paused = await db.query(
          `select provider, not_before as until, not_before_reason as reason
             from public.mail_rate where not_before > now() order by provider`,
        );
        return outboxStatus.parse({ counts, oldest_due: oldest?.oldest_due ?? null, dead, paused });
      }),

    retryOutbox: (raw) => {
      const input = parseInput(retryOutboxInput, raw);
      return withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          if ('id' in input) {
            const [row] = await tx.query<{ status: string }>(
              'select status from public.email_outbox where id = $1 for update',
              [input.id],
            );
            if (!row)
              throw new AdminError(
                'not-found',
                `No outbox row with id ${input.id}. \`outbox status\` lists the dead ones.`,
              );
            if (row.status !== 'dead') {
              throw new AdminError(
                'invalid',
                `Outbox row ${input.id} is ${row.status}, not dead: only dead rows are put back in the queue.`,
              );
            }
          }
          // A fresh round of attempts, due now; the last error stays until the next attempt replaces it. Out of
          // its old batch too: that request's key belongs to e-mails that were sent, so this one goes in a new one.
          const retried = await tx.query<{ id: string }>(
            `update public.email_outbox
                set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, locked_by = null,
                    batch_key = null
              where status = 'dead' and ($1::bigint is null or id = $1::bigint)
              returning id::text as id`,
            ['id' in input ? input.id : null],
          );
          return retryResult.parse({ ids: retried.map((row) => row.id) });
        }),
      );
    },
  };
}
