// The people who signed up, as SQL for the owner's tool: listing, counting, and erasing a person for good.
import { z } from 'zod';
import type { Database } from '../server/src/db/index.ts';
import { signupRows } from '../src/lib/signups-csv.ts';
import { parseInput, withSchemaAdvice } from './admin-error.ts';

const listSignupsInput = z.object({ since: z.coerce.date().optional() });

export const eraseSignupInput = z.object({
  email: z.string().trim().min(3, 'must be an e-mail address').max(320, 'must be an e-mail address'),
});

const signupCount = z.object({ total: z.number(), unsubscribed: z.number() });

/**
 * What `erase` deleted: sign-up rows, outbox rows (reminders not yet sent among them), course accounts (auth
 * users) and their progress rows, feedback answers and reminder answers.
 */
const erasure = z.object({
  signups: z.number(),
  outbox: z.number(),
  accounts: z.number(),
  progress: z.number(),
  feedback: z.number(),
  reminder_answers: z.number(),
});

export function createSignupsAdmin(db: Database) {
  return {
    /** In the order they first came; with `since`, only those who signed up (again) from then on. */
    list: (raw: z.input<typeof listSignupsInput>) => {
      const { since } = parseInput(listSignupsInput, raw);
      return withSchemaAdvice(async () => {
        const [row] = await db.query<{ rows: unknown }>(
          'select public.signup_rows($1::timestamptz) as rows',
          [since?.toISOString() ?? null],
        );
        return signupRows.parse(row?.rows);
      });
    },

    /** How many signed up, and how many of them unsubscribed. */
    count: () =>
      withSchemaAdvice(async () => {
        const [row] = await db.query(
          `select count(*)::int as total,
                  (count(*) filter (where unsubscribed))::int as unsubscribed
             from public.signups`,
        );
        return signupCount.parse(row);
      }),

    /**
     * Every row of the person (any capitalisation of the address), in one transaction; with `record`, the
     * erasure's keyed hash too (admin/erasures.ts), even when nothing was found: an older backup may hold them.
     */
    erase: (raw: z.input<typeof eraseSignupInput>, record?: { hash: string; keyId: string }) => {
      const { email } = parseInput(eraseSignupInput, raw);
      return withSchemaAdvice(() =>
        db.transaction(async (tx) => {
          if (record) {
            await tx.query(
              `insert into public.erasures (address_hash, key_id) values ($1, $2)
               on conflict (address_hash) do update set key_id = excluded.key_id, erased_at = now()`,
              [record.hash, record.keyId],
            );
          }
          // The same erase as the studio's (supabase/migrations, erase_learner): every spelling of the address.
          const [row] = await tx.query<{ erased: unknown }>('select public.erase_learner($1) as erased', [
            email,
          ]);
          return erasure.parse(row?.erased);
        }),
      );
    },
  };
}
