/**
 * The reminder e-mail at send time (docs/decisions/0135-reminders-with-consent.md): whether each claimed reminder
 * is still wanted (the learner's latest answer is yes, the address is not unsubscribed, a published lesson is
 * left), what it says then, and its one-click unsubscribe headers. A reminder no longer wanted is dropped before
 * any sign-in link is made for it (outbox-rows.ts, `dropUnwanted`), so it voids none of the learner's.
 */
import { z } from 'zod';
import type { EmailWords } from '../../../src/content/emails.ts';
import { renderReminderEmail } from './course-email.ts';
import type { SignInLink } from './sign-in-link.ts';
import type { Sql } from './sql-port.ts';
import type { OutgoingMail } from './transports/mail-transport.ts';
import { oneClickHeaders, type UnsubscribeLinkMaker } from './unsubscribe.ts';

const reminderNow = z.object({
  id: z.string(),
  lesson_slug: z.string(),
  lesson_title: z.string(),
  position_seconds: z.number(),
  lessons_left: z.number(),
});
export type ReminderNow = z.output<typeof reminderNow>;

interface ReminderRow {
  id: string;
  signup_id: string;
  kind: string;
}

/** What each of `rows`' reminders would say now, by outbox id; a reminder missing from the map is not wanted. */
export async function readReminders(
  db: Sql,
  rows: readonly ReminderRow[],
): Promise<Map<string, ReminderNow>> {
  const reminders = rows.filter((row) => row.kind === 'reminder');
  if (reminders.length === 0) return new Map();
  const found = z.array(reminderNow).parse(
    await db.query(
      `select o.id::text as id, l.lesson_slug, l.lesson_title, l.position_seconds, l.lessons_left
         from unnest($1::bigint[], $2::bigint[]) as o(id, signup_id)
         cross join lateral public.pause_reminder_learners(o.signup_id) l`,
      [reminders.map((row) => row.id), reminders.map((row) => row.signup_id)],
    ),
  );
  return new Map(found.map((reminder) => [reminder.id, reminder]));
}

/** A sign-in link that also opens a lesson (`?lesson=<slug>` stays on /course after the sign-in). */
function openingLesson(signInUrl: string, slug: string): string {
  const url = new URL(signInUrl);
  url.searchParams.set('lesson', slug);
  return url.toString();
}

/**
 * The reminder in the owner's `words`, with its fresh link, which opens the next lesson, and the one-click unsubscribe headers of
 * RFC 8058 (the large mailbox providers require them of bulk senders) beside the footer's visible link.
 */
export async function reminderMail(
  context: { unsubscribeLinks: UnsubscribeLinkMaker; siteUrl: string },
  row: ReminderRow & { name: string },
  link: SignInLink,
  now: ReminderNow,
  words: EmailWords,
): Promise<Omit<OutgoingMail, 'from' | 'to' | 'idempotencyKey'>> {
  const unsubscribe = await context.unsubscribeLinks(row.signup_id);
  const email = renderReminderEmail(
    {
      name: row.name,
      signInUrl: openingLesson(link.url, now.lesson_slug),
      code: link.code,
      codesPaused: link.codesPaused,
      siteUrl: context.siteUrl,
      lessonTitle: now.lesson_title,
      positionSeconds: now.position_seconds,
      lessonsLeft: now.lessons_left,
      unsubscribeUrl: unsubscribe.page,
    },
    words,
  );
  return { ...email, headers: oneClickHeaders(unsubscribe) };
}
