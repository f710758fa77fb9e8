/** The studio's Overview, read as the signed-in owner through the database's `studio_overview`. */
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';
import type { Overview } from '../model/overview';

const count = z.number().check(z.int(), z.nonnegative());
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const funnelCounts = z.object({
  views_home: count,
  views_course: count,
  signups_new: count,
  opened_course: count,
  learners_started: count,
  lessons_started: count,
  lessons_completed: count,
  finished_course: count,
});

const overviewSchema = z.object({
  since: day,
  until: day,
  days: z.array(z.extend(funnelCounts, { day })),
  total: funnelCounts,
  funnel: z.object({
    visits: count,
    signups_after_visit: count,
    signups_without_visit: count,
    opened_course: count,
    started_lesson: count,
    finished_course: count,
  }),
  sources: z.array(z.object({ day, source: z.string(), views: count })),
  lessons: z.array(z.object({ slug: z.string(), title: z.string(), started: count, finished: count })),
  feedback: z.object({
    answers: count,
    average_rating: z.nullable(z.number()),
    ratings: z.object({ 1: count, 2: count, 3: count, 4: count, 5: count }),
    latest_answers: z.array(z.object({ day, rating: count, comment: z.nullable(z.string()) })),
  }),
});

/** The last `days` UTC days up to today. Rejects when the overview cannot be read, or for anyone but an owner. */
export function loadOverview(days: number): Promise<Overview> {
  return studioRpc('studio_overview', { days }, overviewSchema);
}
