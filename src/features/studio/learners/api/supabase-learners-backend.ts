/** The Learners section's back end: the database's studio_learners, studio_signup_rows and studio_erase_learner. */
import { z } from 'zod/mini';
import { signupRows } from '@/lib/signups-csv';
import { getSupabase } from '@/lib/supabase';
import { type LearnerList, type LearnersBackend, LearnersRefusal } from '../model/learners-backend';

// zod compiles object parsers with `new Function` unless told not to; the page's CSP forbids eval.
z.config({ jitless: true });

const learnerList = z.object({
  total: z.number(),
  learners: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      first_signed_up_at: z.coerce.date(),
      last_signed_up_at: z.coerce.date(),
      course_email: z.nullable(z.enum(['sent', 'queued', 'dead'])),
      last_active_at: z.nullable(z.coerce.date()),
      lessons_watched: z.number(),
      percent_complete: z.number(),
      reminders: z.boolean(),
    }),
  ),
});

/** A plain exception in the function (P0001) carries words for the owner; anything else is a failure to reach it. */
function failure(error: { code?: string; message: string }): Error {
  return error.code === 'P0001' ? new LearnersRefusal(error.message) : new Error(error.message);
}

async function call(name: string, args?: Record<string, unknown>): Promise<unknown> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(name, args);
  if (error) throw failure(error);
  return data;
}

export const supabaseLearnersBackend: LearnersBackend = {
  async list(search): Promise<LearnerList> {
    const { total, learners } = learnerList.parse(await call('studio_learners', { search }));
    return {
      total,
      learners: learners.map((row) => ({
        email: row.email,
        name: row.name,
        firstSignedUpAt: row.first_signed_up_at,
        lastSignedUpAt: row.last_signed_up_at,
        courseEmail: row.course_email ?? 'none',
        lastActiveAt: row.last_active_at,
        lessonsWatched: row.lessons_watched,
        percentComplete: row.percent_complete,
        reminders: row.reminders,
      })),
    };
  },
  async exportRows() {
    return signupRows.parse(await call('studio_signup_rows'));
  },
  async erase(email) {
    await call('studio_erase_learner', { address: email });
  },
};
