/**
 * The owner's funnel (`npm run admin -- stats`): per UTC day, from page views to finished learners, the period's
 * sign-ups followed to today, and the learners' answers to the completion view's question, read from what the
 * site already stores, so counting adds nothing to a sign-up or a lesson (docs/owners-guide.md, "Stats"). The
 * numbers come from the database's `public.overview_stats` and `public.overview_funnel`, which also feed the
 * studio's Overview, so both show the same counts in the same words; what each count means is written there.
 */
import { z } from 'zod';
import type { Sql } from '../server/src/db/index.ts';
import { studioOverviewCopy } from '../src/content/studio-overview.ts';
import { type Funnel, funnelRows, share } from '../src/lib/funnel.ts';

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

const funnelCounts = z.object({
  visits: z.number(),
  signups_after_visit: z.number(),
  signups_without_visit: z.number(),
  opened_course: z.number(),
  started_lesson: z.number(),
  finished_course: z.number(),
}) satisfies z.ZodType<Funnel>;

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
  /** The step as the studio's Overview names it. */
  step: string;
  count: number;
  /** The count over the people it is a part of (src/lib/funnel.ts); null where it is a part of nothing. */
  rate: number | null;
  /** What the rate is of, in the Overview's words ("5.0% of the visits"); empty without a rate. */
  rate_text: string;
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

const { rows: STEP_WORDS, heading, intro } = studioOverviewCopy.funnel;
/** The funnel's heading and what it follows, as the Overview says them. */
export const FUNNEL_WORDS = { heading, intro };

/** The funnel's rows in the studio's words, each rate said as what it is a share of. */
function funnelSteps(funnel: Funnel): FunnelStep[] {
  const signups = funnel.signups_after_visit + funnel.signups_without_visit;
  return funnelRows(funnel).map(({ key, count, rate }) => {
    const words = STEP_WORDS[key];
    const rateText = 'rate' in words && rate !== null ? words.rate(rate, signups) : '';
    return { step: words.name, count, rate, rate_text: rateText };
  });
}

export async function readFunnelStats(
  db: Sql,
  period: { since: string; until: string },
): Promise<FunnelStats> {
  const [row] = await db.query<{ stats: unknown; funnel: unknown }>(
    `select public.overview_stats($1::date, $2::date, $3) as stats,
            public.overview_funnel($1::date, $2::date) as funnel`,
    [period.since, period.until, LATEST_COMMENT_COUNT],
  );
  const { days, total: sums, feedback, reminders } = overviewStats.parse(row?.stats);
  const queued = sums.signups_new + sums.signups_repeat;
  const funnel = funnelSteps(funnelCounts.parse(row?.funnel));
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
