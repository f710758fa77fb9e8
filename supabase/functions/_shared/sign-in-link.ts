/**
 * The course's one-time sign-in link and the code beside it (docs/decisions/0100-course-access-with-sign-in-links.md):
 * the link's shape, the port that makes both when an e-mail is sent, and the queueing of a "Send me a new link"
 * e-mail.
 */
import { z } from 'zod';
import { DEFAULT_MAIL_REQUESTS_PER_HOUR, hourlyShares } from './mail-requests.ts';
import type { Sql } from './sql-port.ts';
import { STUDIO_PATH } from '../../../src/content/course.ts';

/** An e-mail's two ways in, each single-use: the link on the device it is opened on, the code on any other. */
export interface SignInLink {
  /** `SITE_URL/course?token_hash=…&type=magiclink` (courseSignInUrl). */
  url: string;
  /**
   * The digits typed in with the address on any device (`verifyOtp({ email, token, type: 'email' })`), or
   * undefined when the address's code from an earlier e-mail is still live and was kept, or codes are paused.
   */
  code: string | undefined;
  /** The address's codes are paused after too many wrong ones, until a link is used: the e-mail says so. */
  codesPaused?: boolean;
}

/**
 * An e-mail to make a link for. `keepLiveCode`: a code from an earlier e-mail that is still live stays the
 * address's code (and this e-mail carries none), so sign-ups and reminders never hand out fresh codes to
 * guess; only a requested new link ("Send me a new link") always brings a new code.
 */
export interface SignInLinkRequest {
  email: string;
  keepLiveCode: boolean;
  /** The outbox row of the e-mail that will carry the link: a code is kept only once its own e-mail was sent. */
  outboxId: string;
}

/**
 * Makes a fresh sign-in link (and code, see SignInLinkRequest) for each e-mail, in order, at send time, so a
 * retry hours later carries ones that still work (and voids the address's earlier link): one statement into
 * the embedded auth on the Node server, `auth.admin.generateLink` per address on hosted Supabase, whose auth
 * makes a new code every time. A rejected entry is a link that could not be made; the outbox counts that as a
 * failed attempt of its e-mail.
 */
export type SignInLinkMaker = (
  requests: readonly SignInLinkRequest[],
) => Promise<PromiseSettledResult<SignInLink>[]>;

/** The link's shape (a contract with /course): `SITE_URL/course?token_hash=<token>&type=magiclink`. */
export function courseSignInUrl(siteUrl: string, tokenHash: string): string {
  const url = new URL('/course', siteUrl);
  url.search = new URLSearchParams({ token_hash: tokenHash, type: 'magiclink' }).toString();
  return url.toString();
}

/** The same link opening the studio instead (an owner's sign-in e-mail): `SITE_URL/studio?token_hash=…`. */
export function studioSignInUrl(courseUrl: string): string {
  const url = new URL(courseUrl);
  url.pathname = STUDIO_PATH;
  return url.toString();
}

/** How many sign-in e-mails an address gets: GoTrue's one a minute, doubling, at most `perDay` a day. */
export interface SignInEmailLimits {
  /** The wait after an address's first sign-in e-mail of its day; each later one waits twice the one before. */
  firstIntervalSeconds: number;
  /** Sign-in e-mails per address in a day (a day starts with its first one). */
  perDay: number;
  /** The hourly ceiling on e-mails requests make the site send (MAIL_REQUESTS_PER_HOUR). */
  mailRequestsPerHour: number;
}

export const SIGN_IN_EMAIL_DEFAULTS: Omit<SignInEmailLimits, 'mailRequestsPerHour'> = {
  firstIntervalSeconds: 60,
  perDay: 5,
};

/**
 * Queues a sign-in e-mail for an address that signed up (any capitalisation), if its day's cap and back-off
 * allow one and the sign-in e-mails' share of the hour's ceiling has room (a share sign-ups cannot take:
 * mail-requests.ts). The address's check and mark live on its signups row: SELECT …
 * FOR UPDATE locks it and re-checks it after a concurrent request commits, so two requests at once, on any
 * number of servers, queue one e-mail. The address's day advances only with an e-mail queued: a request past
 * the ceiling, or an address past its cap, changes nothing.
 */
const QUEUE_SIGN_IN_LINK = `
with eligible as (
  select id, email from public.signups
   where lower(email) = lower($1)
     and (sign_in_day_started_at is null
          or sign_in_day_started_at <= now() - interval '1 day'
          or (sign_in_emails_in_day < $3
              and last_sign_in_link_queued_at
                  <= now() - make_interval(secs => $2::float8 * power(2::float8, greatest(0, sign_in_emails_in_day - 1)))))
     for update
), budget as (
  insert into public.mail_request_budget as b (id, sign_in_hour, sign_in_emails)
  select true, date_trunc('hour', now()), 1 from eligible
  on conflict (id) do update
     set sign_in_hour = date_trunc('hour', now()),
         sign_in_emails = case when b.sign_in_hour = date_trunc('hour', now()) then b.sign_in_emails + 1 else 1 end
   where b.sign_in_hour is distinct from date_trunc('hour', now()) or b.sign_in_emails < $4
  returning b.id
), asked as (
  update public.signups
     set last_sign_in_link_queued_at = now(),
         sign_in_emails_in_day = case when sign_in_day_started_at > now() - interval '1 day'
                                      then sign_in_emails_in_day + 1 else 1 end,
         sign_in_day_started_at = case when sign_in_day_started_at > now() - interval '1 day'
                                       then sign_in_day_started_at else now() end
   where id in (select id from eligible) and exists (select 1 from budget)
  returning id, email
), queued as (
  insert into public.email_outbox (signup_id, recipient, kind)
  select id, email, 'sign-in-link' from asked
  returning id
)
select (select id::text from queued) as id,
       exists (select 1 from eligible) and not exists (select 1 from budget) as over_ceiling`;

/**
 * `outboxId`: the new outbox row, or undefined (an unknown address, one past its cap or back-off, or the
 * hour's ceiling reached). `overCeiling`: the address could have had one but the hour's ceiling was reached.
 */
export async function queueSignInLinkEmail(
  db: Sql,
  email: string,
  limits: SignInEmailLimits = {
    ...SIGN_IN_EMAIL_DEFAULTS,
    mailRequestsPerHour: DEFAULT_MAIL_REQUESTS_PER_HOUR,
  },
): Promise<{ outboxId: string | undefined; overCeiling: boolean }> {
  const [row] = z
    .array(z.object({ id: z.string().nullable(), over_ceiling: z.boolean() }))
    .parse(
      await db.query(QUEUE_SIGN_IN_LINK, [
        email,
        limits.firstIntervalSeconds,
        limits.perDay,
        hourlyShares(limits.mailRequestsPerHour).signIns,
      ]),
    );
  return { outboxId: row?.id ?? undefined, overCeiling: row?.over_ceiling ?? false };
}
