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
      kind: z.string(),
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
    /** Counts by status, the oldest e-mail due, the newest dead ones, and the pauses providers asked for. */
    status: () =>
      withSchemaAdvice(async () => {
        // The same status as the studio's Outbox panel (supabase/migrations, outbox_status).
        const [row] = await db.query<{ status: unknown }>('select public.outbox_status() as status');
        return outboxStatus.parse(row?.status);
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
          // The same retry as the studio's (supabase/migrations, retry_dead_emails).
          const [retried] = await tx.query<{ retried: unknown }>(
            'select public.retry_dead_emails($1::bigint) as retried',
            ['id' in input ? input.id : null],
          );
          return retryResult.parse(retried?.retried);
        }),
      );
    },
  };
}
