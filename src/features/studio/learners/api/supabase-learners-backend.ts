/** The Learners section's back end: the database's studio_learners, studio_signup_rows and studio_erase_learner. */
import { signupRows } from '@/lib/signups-csv';
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';
import { type LearnerList, type LearnersBackend, LearnersRefusal } from '../model/learners-backend';

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

export const supabaseLearnersBackend: LearnersBackend = {
  async list(search): Promise<LearnerList> {
    const { total, learners } = await studioRpc('studio_learners', { search }, learnerList, LearnersRefusal);
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
    return studioRpc('studio_signup_rows', undefined, signupRows, LearnersRefusal);
  },
  async erase(email) {
    await studioRpc('studio_erase_learner', { address: email }, z.unknown(), LearnersRefusal);
  },
};
