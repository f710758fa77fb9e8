/**
 * The owner's funnel (`npm run admin -- stats`): per UTC day, from page views to finished learners, and the
 * learners' answers to the completion view's question, read from what the site already stores, so counting adds
 * nothing to a sign-up or a lesson (docs/owners-guide.md, "Stats").
 */
import { z } from 'zod';
import type { Sql } from '../server/src/db/index.ts';

/**
 * One row per day of the period, every day present. Each count is of things that happened that day:
 * - views: browsers opening `/` and `/course` (the server's page-view counter).
 * - new sign-ups: addresses that signed up for the first time (`signups.first_signed_up_at`).
 * - repeat sign-ups: a known address signing up again and e-mailed again: its course-access outbox row. A
 *   repeat within 10 minutes of the last e-mail queues no row and is not counted (it only raises
 *   `signups.signup_count`, which has no day).
 * - course e-mails of that day's sign-ups: delivered, failed (at least once, still being retried), dead.
 * - opened the course: people whose first sign-in link was used that day (`auth.users.email_confirmed_at`,
 *   set once on the first sign-in; `last_sign_in_at` is overwritten by every later one).
 * - learners started: people who started their first lesson; lessons started and completed: progress rows
 *   created, and lessons completed, that day.
 * - finished the course: people whose last completion of a published lesson that day completed them all.
 * People erased with `signups erase` are no longer counted anywhere.
 */
const STATS_BY_DAY = `
with days as (
  select d::date as day from generate_series($1::date, $2::date, interval '1 day') as d
), views as (
  select day,
         sum(views) filter (where path = '/') as views_home,
         sum(views) filter (where path = '/course') as views_course
    from public.page_views
   where day between $1::date and $2::date
   group by day
), new_signups as (
  select (first_signed_up_at at time zone 'UTC')::date as day, count(*) as n
    from public.signups group by 1
), course_emails as (
  select (o.created_at at time zone 'UTC')::date as day,
         -- The first sign-up's e-mail is queued by the statement that sets first_signed_up_at, at the same now().
         count(*) filter (where o.created_at > s.first_signed_up_at) as repeats,
         count(*) filter (where o.status = 'sent') as delivered,
         count(*) filter (where o.status in ('pending', 'sending') and o.last_error is not null) as failed,
         count(*) filter (where o.status = 'dead') as dead
    from public.email_outbox o join public.signups s on s.id = o.signup_id
   where o.kind = 'course-access'
   group by 1
), opened as (
  select (email_confirmed_at at time zone 'UTC')::date as day, count(*) as n
    from auth.users where email_confirmed_at is not null group by 1
), learners as (
  select (first_start at time zone 'UTC')::date as day, count(*) as n
    from (select min(created_at) as first_start from public.lesson_progress group by user_id) firsts
   group by 1
), started as (
  select (created_at at time zone 'UTC')::date as day, count(*) as n from public.lesson_progress group by 1
), completed as (
  select (completed_at at time zone 'UTC')::date as day, count(*) as n
    from public.lesson_progress where completed_at is not null group by 1
), finished as (
  select (finished_at at time zone 'UTC')::date as day, count(*) as n
    from (
      select max(p.completed_at) as finished_at
        from public.lesson_progress p join public.lessons l on l.id = p.lesson_id
       where l.is_published and p.completed_at is not null
       group by p.user_id
      having count(*) = (select count(*) from public.lessons where is_published)
    ) finishers
   group by 1
)
select to_char(d.day, 'YYYY-MM-DD') as day,
       coalesce(v.views_home, 0)::int as views_home,
       coalesce(v.views_course, 0)::int as views_course,
       coalesce(ns.n, 0)::int as signups_new,
       coalesce(e.repeats, 0)::int as signups_repeat,
       coalesce(e.delivered, 0)::int as emails_delivered,
       coalesce(e.failed, 0)::int as emails_failed,
       coalesce(e.dead, 0)::int as emails_dead,
       coalesce(o.n, 0)::int as opened_course,
       coalesce(ln.n, 0)::int as learners_started,
       coalesce(st.n, 0)::int as lessons_started,
       coalesce(c.n, 0)::int as lessons_completed,
       coalesce(f.n, 0)::int as finished_course
  from days d
  left join views v on v.day = d.day
  left join new_signups ns on ns.day = d.day
  left join course_emails e on e.day = d.day
  left join opened o on o.day = d.day
  left join learners ln on ln.day = d.day
  left join started st on st.day = d.day
  left join completed c on c.day = d.day
  left join finished f on f.day = d.day
 order by d.day`;

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

/**
 * The completion view's answers to "How useful was this course?" given in the period (UTC days): how many, their
 * average and each rating's count, and the latest comments with their day and rating, never who wrote them.
 */
const FEEDBACK_TOTALS = `
select count(*)::int as answers,
       avg(rating)::float8 as average_rating,
       count(*) filter (where rating = 1)::int as "1",
       count(*) filter (where rating = 2)::int as "2",
       count(*) filter (where rating = 3)::int as "3",
       count(*) filter (where rating = 4)::int as "4",
       count(*) filter (where rating = 5)::int as "5"
  from public.course_feedback
 where (created_at at time zone 'UTC')::date between $1::date and $2::date`;

const LATEST_COMMENTS = `
select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, rating::int as rating, comment
  from public.course_feedback
 where comment is not null and (created_at at time zone 'UTC')::date between $1::date and $2::date
 order by created_at desc, user_id
 limit $3`;

/** How many comments the stats show; the rest stay in the database. */
export const LATEST_COMMENT_COUNT = 5;

export const FEEDBACK_RATINGS = ['1', '2', '3', '4', '5'] as const;

const ratingCounts = z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() });
const feedbackTotals = ratingCounts.extend({ answers: z.number(), average_rating: z.number().nullable() });
const latestComment = z.object({ day: z.string(), rating: z.number(), comment: z.string() });

export interface FeedbackStats {
  answers: number;
  /** The mean rating; null without an answer. */
  average_rating: number | null;
  /** How many answers gave each rating, "1" to "5". */
  ratings: z.output<typeof ratingCounts>;
  /** Newest first, at most LATEST_COMMENT_COUNT: the learners' own words, to be escaped wherever shown. */
  latest_comments: z.output<typeof latestComment>[];
}

async function readFeedbackStats(db: Sql, period: { since: string; until: string }): Promise<FeedbackStats> {
  const [totals] = await db.query(FEEDBACK_TOTALS, [period.since, period.until]);
  const { answers, average_rating, ...ratings } = feedbackTotals.parse(totals);
  const comments = await db.query(LATEST_COMMENTS, [period.since, period.until, LATEST_COMMENT_COUNT]);
  return {
    answers,
    average_rating,
    ratings: ratingCounts.parse(ratings),
    latest_comments: z.array(latestComment).parse(comments),
  };
}

/**
 * The reminders learners asked for (docs/decisions/0135): how many learners' latest answer is yes now; in the
 * period, reminders sent, the learners who came back within 3 days of one (a lesson started, moved or finished
 * then; a lesson moved then and again later is seen only by its last move), and unsubscribes (a reminder's link
 * or its one-click header).
 */
const REMINDER_STATS = `
with sent as (
  select o.sent_at, u.id as user_id
    from public.email_outbox o
    join public.signups s on s.id = o.signup_id
    left join auth.users u on lower(u.email) = lower(s.email)
   where o.kind = 'reminder' and o.status = 'sent'
     and (o.sent_at at time zone 'UTC')::date between $1::date and $2::date
)
select (select count(*) from public.reminder_answers_latest where given)::int as asking,
       (select count(*) from sent)::int as sent,
       (select count(distinct user_id) from sent where exists (
          select 1 from public.lesson_progress p
           where p.user_id = sent.user_id
             and (p.created_at between sent.sent_at and sent.sent_at + interval '3 days'
                  or p.updated_at between sent.sent_at and sent.sent_at + interval '3 days'
                  or p.completed_at between sent.sent_at and sent.sent_at + interval '3 days')))::int
         as learners_back_within_3_days,
       (select count(*) from public.reminder_consents
         where source = 'unsubscribe'
           and (created_at at time zone 'UTC')::date between $1::date and $2::date)::int as unsubscribes`;

const reminderStats = z.object({
  asking: z.number(),
  sent: z.number(),
  learners_back_within_3_days: z.number(),
  unsubscribes: z.number(),
});
export type ReminderStats = z.output<typeof reminderStats>;

async function readReminderStats(db: Sql, period: { since: string; until: string }): Promise<ReminderStats> {
  const [row] = await db.query(REMINDER_STATS, [period.since, period.until]);
  return reminderStats.parse(row);
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
  const days = z.array(dayRow).parse(await db.query(STATS_BY_DAY, [period.since, period.until]));
  const sums = statsCounts.parse(
    Object.fromEntries(COUNT_NAMES.map((name) => [name, days.reduce((sum, day) => sum + day[name], 0)])),
  );
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
    feedback: await readFeedbackStats(db, period),
    reminders: await readReminderStats(db, period),
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
