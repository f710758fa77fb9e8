import { type Command, InvalidArgumentError, Option } from 'commander';
import { AdminError } from '../admin-error.ts';
import type { AdminContext } from '../admin-context.ts';
import {
  averageRating,
  COUNT_HEADINGS,
  COUNT_LEGEND,
  COUNT_NAMES,
  FEEDBACK_RATINGS,
  type FeedbackStats,
  type FunnelStats,
  FUNNEL_WORDS,
  LATEST_COMMENT_COUNT,
  percent,
  readFunnelStats,
  reminderSummary,
} from '../funnel-stats.ts';
import { funnelReportHtml } from './stats-report-html.ts';
import { textTable } from './text-table.ts';

/** Without --since, the period is this many days up to --until (today by default). */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/** A UTC day written as 2026-11-01, checked to exist. */
function utcDay(option: string) {
  return (text: string): string => {
    const date = new Date(`${text}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== text
    ) {
      throw new InvalidArgumentError(`${option} must be a day like 2026-11-01 (UTC).`);
    }
    return text;
  };
}

const dayBefore = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * A learner's comment on one line of the owner's terminal: line breaks and tabs become spaces, and control and
 * bidirectional-override characters, which could rewrite or reorder what the terminal shows, become U+FFFD.
 */
function terminalSafe(text: string): string {
  return text
    .replace(/[\t\n\v\f\r\u2028\u2029]+/g, ' ')
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '\ufffd');
}

function feedbackText(feedback: FeedbackStats): string[] {
  const heading =
    `Feedback, "How useful was this course?" (1 to 5): ${feedback.answers} ` +
    `answer${feedback.answers === 1 ? '' : 's'}, average ${averageRating(feedback.average_rating)}`;
  if (feedback.answers === 0) return [heading, ''];
  const ratings = textTable(
    ['RATING', ...FEEDBACK_RATINGS],
    [['ANSWERS', ...FEEDBACK_RATINGS.map((rating) => String(feedback.ratings[rating]))]],
  );
  if (feedback.latest_comments.length === 0) return [heading, ratings, 'No comments.', ''];
  const comments = textTable(
    ['DAY', 'RATING', 'COMMENT'],
    feedback.latest_comments.map(({ day, rating, comment }) => [day, String(rating), terminalSafe(comment)]),
  );
  return [heading, ratings, `Latest comments, newest first (at most ${LATEST_COMMENT_COUNT}):`, comments];
}

function statsTable(stats: FunnelStats): string {
  const { total } = stats;
  const daily = textTable(
    ['DAY', ...COUNT_NAMES.map((name) => COUNT_HEADINGS[name])],
    [
      ...stats.days.map((day) => [day.day, ...COUNT_NAMES.map((name) => String(day[name]))]),
      ['TOTAL', ...COUNT_NAMES.map((name) => String(total[name]))],
    ],
  );
  const funnel = textTable(
    [FUNNEL_WORDS.heading.toUpperCase(), 'PEOPLE', 'SHARE'],
    stats.funnel.map((step) => [step.step, String(step.count), step.rate_text]),
  );
  return [
    `Stats for ${stats.since} to ${stats.until} (UTC days)`,
    '',
    daily,
    FUNNEL_WORDS.intro,
    funnel,
    `Course e-mails: ${total.emails_delivered} of ${total.emails_queued} queued delivered ` +
      `(${percent(total.emails_delivered_rate)}); ${total.emails_failed} failed and still being retried; ` +
      `${total.emails_dead} dead.`,
    '',
    ...feedbackText(stats.feedback),
    reminderSummary(stats.reminders),
    '',
    ...COUNT_LEGEND,
    '',
  ].join('\n');
}

export function statsCommands(program: Command, context: AdminContext) {
  const { io } = context;
  program
    .command('stats')
    .description(
      "the funnel per UTC day and in total: page views, sign-ups, course e-mails, course opened, lessons started and completed, learners who finished, and the conversion between the steps; then the course's feedback answers and the reminders",
    )
    .addOption(
      new Option('--since <day>', `first day (default: ${DEFAULT_DAYS} days up to --until)`).argParser(
        utcDay('--since'),
      ),
    )
    .addOption(new Option('--until <day>', 'last day (default: today, UTC)').argParser(utcDay('--until')))
    .addOption(
      new Option('--format <format>', 'an aligned table, JSON, or an HTML report with charts')
        .choices(['table', 'json', 'html'])
        .default('table'),
    )
    .option('--output <file>', 'write a new file (readable by you only) instead of stdout; html needs it')
    .action(
      async (options: {
        since?: string;
        until?: string;
        format: 'table' | 'json' | 'html';
        output?: string;
      }) => {
        const until = options.until ?? new Date().toISOString().slice(0, 10);
        const since = options.since ?? dayBefore(until, DEFAULT_DAYS - 1);
        if (since > until) {
          throw new AdminError('invalid', `--since ${since} is after --until ${until}: no day to count.`);
        }
        if (options.format === 'html' && options.output === undefined) {
          throw new AdminError(
            'invalid',
            '--format html writes a file: add --output FILE, e.g. --output funnel.html.',
          );
        }
        const stats = await context.withSession(({ db }) => readFunnelStats(db, { since, until }));
        const text =
          options.format === 'json'
            ? `${JSON.stringify(stats, null, 2)}\n`
            : options.format === 'html'
              ? funnelReportHtml(stats)
              : statsTable(stats);
        if (options.output === undefined) {
          io.stdout(text);
          return;
        }
        await io.writeNewFile(options.output, text);
        io.stderr(`Wrote the stats for ${since} to ${until} to ${options.output}.\n`);
      },
    );
}
