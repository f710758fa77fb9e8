// The people who signed up, as SQL for the owner's tool: listing, counting, and erasing a person for good.
import { z } from 'zod';
import type { Database } from '../server/src/db/index.ts';
import { parseInput, withSchemaAdvice } from './admin-error.ts';

const listSignupsInput = z.object({ since: z.coerce.date().optional() });

export const eraseSignupInput = z.object({
  email: z.string().trim().min(3, 'must be an e-mail address').max(320, 'must be an e-mail address'),
});

const signupRow = z.object({
  id: z.coerce.number(),
  email: z.string(),
  name: z.string(),
  consent_version: z.string(),
  source: z.string(),
  first_signed_up_at: z.coerce.date(),
  last_signed_up_at: z.coerce.date(),
  signup_count: z.number(),
  unsubscribed: z.boolean(),
  /** The learner's latest answer to "E-mail me if I pause for a week" on /course: yes; no, or never asked. */
  reminders: z.boolean(),
  /** When that answer was given or withdrawn, and the version of the words it was given under. */
  reminders_answered_at: z.coerce.date().nullable(),
  reminders_wording_version: z.string().nullable(),
});
export type SignupRow = z.output<typeof signupRow>;

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

/** Each sign-up with its learner's latest reminder answer, if the learner ever gave one. */
const SIGNUPS_WITH_REMINDERS = `
select s.id, s.email, s.name, s.consent_version, s.source, s.first_signed_up_at, s.last_signed_up_at,
       s.signup_count, s.unsubscribed, coalesce(c.given, false) as reminders,
       c.created_at as reminders_answered_at, c.wording_version as reminders_wording_version
  from public.signups s
  left join auth.users u on lower(u.email) = lower(s.email)
  left join public.reminder_answers_latest c on c.user_id = u.id`;

export function createSignupsAdmin(db: Database) {
  return {
    /** In the order they first came; with `since`, only those who signed up (again) from then on. */
    list: (raw: z.input<typeof listSignupsInput>) => {
      const { since } = parseInput(listSignupsInput, raw);
      return withSchemaAdvice(async () =>
        z.array(signupRow).parse(
          await db.query(
            `${SIGNUPS_WITH_REMINDERS}
              where $1::timestamptz is null or s.last_signed_up_at >= $1::timestamptz
              order by s.first_signed_up_at, s.id`,
            [since?.toISOString() ?? null],
          ),
        ),
      );
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
          // Every spelling of the address: a person asking to be forgotten means all of their rows.
          const signups = await tx.query<{ id: string }>(
            'select id::text as id from public.signups where lower(email) = lower($1) for update',
            [email],
          );
          const ids = signups.map((row) => row.id);
          if (record) {
            await tx.query(
              `insert into public.erasures (address_hash, key_id) values ($1, $2)
               on conflict (address_hash) do update set key_id = excluded.key_id, erased_at = now()`,
              [record.hash, record.keyId],
            );
          }
          const [outbox] = await tx.query(
            `with gone as (
               delete from public.email_outbox
                where signup_id = any($1::bigint[]) or lower(recipient) = lower($2)
                returning 1)
             select count(*)::int as count from gone`,
            [ids, email],
          );
          await tx.query('delete from public.signups where id = any($1::bigint[])', [ids]);
          // The course account: its sessions, tokens, lesson progress, feedback answer and reminder answers go
          // with it (foreign keys on delete cascade).
          const [account] = await tx.query(
            `with gone as (delete from auth.users where lower(email) = lower($1) returning id)
             select (select count(*) from gone)::int as accounts,
                    (select count(*) from public.lesson_progress where user_id in (select id from gone))::int as progress,
                    (select count(*) from public.course_feedback where user_id in (select id from gone))::int as feedback,
                    (select count(*) from public.reminder_consents where user_id in (select id from gone))::int
                      as reminder_answers`,
            [email],
          );
          return erasure.parse({
            signups: ids.length,
            outbox: z.object({ count: z.number() }).parse(outbox).count,
            ...z
              .object({
                accounts: z.number(),
                progress: z.number(),
                feedback: z.number(),
                reminder_answers: z.number(),
              })
              .parse(account),
          });
        }),
      );
    },
  };
}
