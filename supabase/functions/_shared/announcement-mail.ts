/**
 * The announcement e-mail at send time: whether each claimed announcement is still wanted (the learner's latest
 * answer to "E-mail me when new lessons are added" is yes), what the owner wrote, and its one-click unsubscribe
 * headers, which withdraw that consent only. One no longer wanted is dropped before any sign-in link is made for
 * it (outbox-rows.ts, `dropUnwanted`), so it voids none of the learner's.
 */
import { z } from 'zod';
import { renderAnnouncementEmail } from './course-email.ts';
import type { SignInLink } from './sign-in-link.ts';
import type { Sql } from './sql-port.ts';
import type { OutgoingMail } from './transports/mail-transport.ts';
import { oneClickHeaders, type UnsubscribeLinkMaker } from './unsubscribe.ts';

const announcementNow = z.object({
  id: z.string(),
  announcement_id: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type AnnouncementNow = z.output<typeof announcementNow>;

interface AnnouncementRow {
  id: string;
  signup_id: string;
  kind: string;
}

/** What each of `rows`' announcements says, by outbox id; one missing from the map is not wanted. */
export async function readAnnouncements(
  db: Sql,
  rows: readonly AnnouncementRow[],
): Promise<Map<string, AnnouncementNow>> {
  const announcements = rows.filter((row) => row.kind === 'announcement');
  if (announcements.length === 0) return new Map();
  const found = z.array(announcementNow).parse(
    await db.query(
      `select o.id::text as id, a.id::text as announcement_id, a.subject, a.body
         from public.email_outbox o
         join public.announcements a on a.id = o.announcement_id
        where o.id = any($1::bigint[])
          and exists (select 1 from public.announcement_audience(o.signup_id))`,
      [announcements.map((row) => row.id)],
    ),
  );
  return new Map(found.map((announcement) => [announcement.id, announcement]));
}

/** The announcement with its fresh link into the course and the one-click unsubscribe headers of RFC 8058. */
export async function announcementMail(
  context: { unsubscribeLinks: UnsubscribeLinkMaker; siteUrl: string },
  row: AnnouncementRow & { name: string },
  link: SignInLink,
  now: AnnouncementNow,
): Promise<Omit<OutgoingMail, 'from' | 'to' | 'idempotencyKey'>> {
  const unsubscribe = await context.unsubscribeLinks(row.signup_id, now.announcement_id);
  const email = renderAnnouncementEmail({
    name: row.name,
    signInUrl: link.url,
    code: link.code,
    codesPaused: link.codesPaused,
    siteUrl: context.siteUrl,
    subject: now.subject,
    body: now.body,
    unsubscribeUrl: unsubscribe.page,
  });
  return { ...email, headers: oneClickHeaders(unsubscribe) };
}
