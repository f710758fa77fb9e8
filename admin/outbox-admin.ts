// The course e-mails' outbox as SQL for the owner's tool: what waits, what died, and a dead e-mail sent again.
import { z } from 'zod';
import type { Database } from '../server/src/db/index.ts';
import { AdminError, parseInput, withSchemaAdvice } from './admin-error.ts';

const retryOutboxInput = z.union([
  z.object({ id: z.number().int().min(1, 'must be an outbox id (a whole number)') }),
  z.object({ dead: z.literal(true) }),
]);

const outboxStatus = z.object({
  counts: z.array(z.object({ status: z.string(), count: z.number() })),
  oldest_due: z.coerce.date().nullable(),
  dead: z.array(
    z.object({
      id: z.coerce.number(),
      recipient: z.string(),
      attempts: z.number(),
      last_error: z.string().nullable(),
      created_at: z.coerce.date(),
    }),
  ),
  /** Providers that asked every sender to wait (a 429, an exhausted quota), until when and why. */
  paused: z.array(z.object({ provider: z.string(), until: z.coerce.date(), reason: z.string().nullable() })),
});

const retryResult = z.object({ ids: z.array(z.coerce.number()) });

export function createOutboxAdmin(db: Database) {
  return {
    /** Counts by status, the oldest e-mail due, the dead ones, and the pauses providers asked for. */
    status: () =>
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

    /** Puts one dead e-mail, or every one, back in the queue; answers the ids. */
    retry: (raw: z.input<typeof retryOutboxInput>) => {
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
