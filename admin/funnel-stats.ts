/**
 * The owner's funnel (`npm run admin -- stats`): per UTC day, from page views to finished learners, and the
 * learners' answers to the completion view's question, read from what the site already stores, so counting adds
 * nothing to a sign-up or a lesson (docs/owners-guide.md, "Stats"). The numbers come from the database's
 * `public.overview_stats`, which also feeds the studio's Overview, so both show the same counts; what each count
 * means is written there.
 */
import { z } from 'zod';
import type { Sql } from '../server/src/db/index.ts';

const statsCounts = z.object({
  views_home: z.number(),
  views_course: z.number(),
  signups_new: z.number(),
  signups_repeat: z.number(),
  emails_delivered: z.number(),
  emails_failed: z.number(),
  emails_dead: z.number(),
  opened_course: z.number(),
  learners_started: z.number(),
  lessons_started: z.number(),
  lessons_completed: z.number(),
  finished_course: z.number(),
});
type StatsCounts = z.output<typeof statsCounts>;
export const COUNT_NAMES = statsCounts.keyof().options;

const dayRow = statsCounts.extend({ day: z.string() });
type DayStats = z.output<typeof dayRow>;

/** The funnel's steps, each a count of people (the first: of page views) within the period. */
const FUNNEL_STEPS = [
  { step: 'views of /', count: 'views_home' },
  { step: 'new sign-ups', count: 'signups_new' },
  { step: 'opened the course', count: 'opened_course' },
  { step: 'started a lesson', count: 'learners_started' },
  { step: 'finished the course', count: 'finished_course' },
] as const satisfies readonly { step: string; count: keyof StatsCounts }[];

/** How many comments the stats show; the rest stay in the database. */
export const LATEST_COMMENT_COUNT = 5;

export const FEEDBACK_RATINGS = ['1', '2', '3', '4', '5'] as const;

const ratingCounts = z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() });
const latestComment = z.object({ day: z.string(), rating: z.number(), comment: z.string() });

const reminderStats = z.object({
  asking: z.number(),
  sent: z.number(),
  learners_back_within_3_days: z.number(),
  unsubscribes: z.number(),
});
export type ReminderStats = z.output<typeof reminderStats>;

/** What the stats read of `public.overview_stats`; the studio's parts of it (sources, lessons) are left out. */
const overviewStats = z.object({
  days: z.array(dayRow),
  total: statsCounts,
  feedback: z.object({
    answers: z.number(),
    average_rating: z.number().nullable(),
    ratings: ratingCounts,
    latest_comments: z.array(latestComment),
  }),
  reminders: reminderStats,
});

export interface FeedbackStats {
  answers: number;
  /** The mean rating; null without an answer. */
  average_rating: number | null;
  /** How many answers gave each rating, "1" to "5". */
  ratings: z.output<typeof ratingCounts>;
  /** Newest first, at most LATEST_COMMENT_COUNT: the learners' own words, to be escaped wherever shown. */
  latest_comments: z.output<typeof latestComment>[];
}

/** The reminders' line, in the terminal and in the report. */
export const reminderSummary = (reminders: ReminderStats) =>
  `Reminders: ${reminders.asking} learner${reminders.asking === 1 ? '' : 's'} asking for them now; ` +
  `${reminders.sent} sent in the period; ${reminders.learners_back_within_3_days} ` +
  `learner${reminders.learners_back_within_3_days === 1 ? '' : 's'} came back within 3 days of one; ` +
  `${reminders.unsubscribes} unsubscribe${reminders.unsubscribes === 1 ? '' : 's'}.`;

interface FunnelStep {
  step: (typeof FUNNEL_STEPS)[number]['step'];
  count: number;
  /** This step's count over the previous step's; null for the first step and after a step of zero. */
  rate_from_previous: number | null;
}

export interface FunnelStats {
  /** The period's first and last UTC day, both included. */
  since: string;
  until: string;
  days: DayStats[];
  total: StatsCounts & {
    /** Course e-mails queued in the period: one per new sign-up and per repeat sign-up. */
    emails_queued: number;
    /** Delivered over queued; null when none was queued. */
    emails_delivered_rate: number | null;
  };
  funnel: FunnelStep[];
  feedback: FeedbackStats;
  reminders: ReminderStats;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export async function readFunnelStats(
  db: Sql,
  period: { since: string; until: string },
): Promise<FunnelStats> {
  const [row] = await db.query<{ stats: unknown }>(
    'select public.overview_stats($1::date, $2::date, $3) as stats',
    [period.since, period.until, LATEST_COMMENT_COUNT],
  );
  const { days, total: sums, feedback, reminders } = overviewStats.parse(row?.stats);
  const queued = sums.signups_new + sums.signups_repeat;
  const funnel = FUNNEL_STEPS.map(({ step, count }, index): FunnelStep => {
    const previous = FUNNEL_STEPS[index - 1];
    return {
      step,
      count: sums[count],
      rate_from_previous: previous ? share(sums[count], sums[previous.count]) : null,
    };
  });
  return {
    ...period,
    days,
    total: { ...sums, emails_queued: queued, emails_delivered_rate: share(sums.emails_delivered, queued) },
    funnel,
    feedback,
    reminders,
  };
}

/** Each count's column heading, in the order the table, the JSON and the report show them. */
export const COUNT_HEADINGS: Record<keyof StatsCounts, string> = {
  views_home: 'VIEWS /',
  views_course: 'VIEWS /COURSE',
  signups_new: 'NEW SIGN-UPS',
  signups_repeat: 'REPEATS',
  emails_delivered: 'DELIVERED',
  emails_failed: 'FAILED',
  emails_dead: 'DEAD',
  opened_course: 'OPENED',
  learners_started: 'LEARNERS',
  lessons_started: 'LESSONS STARTED',
  lessons_completed: 'COMPLETED',
  finished_course: 'FINISHED',
};

/** What the shorter headings mean, printed under the table and in the report. */
export const COUNT_LEGEND = [
  'VIEWS: browsers opening / and /course (not HEAD requests, monitors or scripts).',
  'NEW SIGN-UPS: addresses signing up for the first time. REPEATS: known addresses signing up again and e-mailed again (a repeat within 10 minutes of the last e-mail is not counted).',
  "DELIVERED, FAILED, DEAD: the course e-mails of that day's sign-ups: delivered; failed at least once and still being retried; given up.",
  'OPENED: people who used their first sign-in link. LEARNERS: people who started their first lesson.',
  'LESSONS STARTED, COMPLETED: lessons started and completed by anyone. FINISHED: people who completed every published lesson.',
];

/** "4.2", or "–" without an answer. */
export const averageRating = (average: number | null) => (average === null ? '–' : average.toFixed(1));

/** "12.5%", or "–" when there is nothing to compare with. */
export const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);
