/**
 * The course's one-time sign-in link and the code beside it (docs/decisions/0100-course-access-with-sign-in-links.md):
 * the link's shape, the port that makes both when an e-mail is sent, and the queueing of a "Send me a new link"
 * e-mail.
 */
import { z } from 'zod';
import type { Sql } from './sql-port.ts';

/** An e-mail's two ways in, each single-use: the link on the device it is opened on, the code on any other. */
export interface SignInLink {
  /** `SITE_URL/course?token_hash=…&type=magiclink` (courseSignInUrl). */
  url: string;
  /** The digits typed in with the address on any device (`verifyOtp({ email, token, type: 'email' })`). */
  code: string;
}

/**
 * Makes a fresh sign-in link and code for each address, in order, at send time, so a retry hours later
 * carries ones that still work (and voids the address's earlier ones): one statement into the embedded auth on
 * the Node server, `auth.admin.generateLink` per address on hosted Supabase. A rejected entry is a link that
 * could not be made; the outbox counts that as a failed attempt of its e-mail.
 */
export type SignInLinkMaker = (emails: readonly string[]) => Promise<PromiseSettledResult<SignInLink>[]>;

/** The link's shape (a contract with /course): `SITE_URL/course?token_hash=<token>&type=magiclink`. */
export function courseSignInUrl(siteUrl: string, tokenHash: string): string {
  const url = new URL('/course', siteUrl);
  url.search = new URLSearchParams({ token_hash: tokenHash, type: 'magiclink' }).toString();
  return url.toString();
}

/** GoTrue's default frequency: at most one sign-in e-mail per address in this many seconds. */
const SIGN_IN_LINK_INTERVAL_SECONDS = 60;

/**
 * Queues a sign-in e-mail for an address that signed up (any capitalisation), unless one was queued for it
 * within the interval. The check and the mark live on the signups row: the UPDATE locks it and re-reads it
 * after a concurrent one commits, so two requests at once, on any number of servers, queue one e-mail.
 */
const QUEUE_SIGN_IN_LINK = `
with asked as (
  update public.signups
     set last_sign_in_link_queued_at = now()
   where lower(email) = lower($1)
     and (last_sign_in_link_queued_at is null
          or last_sign_in_link_queued_at <= now() - make_interval(secs => $2))
  returning id, email
)
insert into public.email_outbox (signup_id, recipient, kind)
select id, email, 'sign-in-link' from asked
returning id::text as id`;

/** The new outbox row's id, or undefined: an unknown address, or one that got a sign-in e-mail moments ago. */
export async function queueSignInLinkEmail(
  db: Sql,
  email: string,
  intervalSeconds = SIGN_IN_LINK_INTERVAL_SECONDS,
): Promise<string | undefined> {
  const rows = z
    .array(z.object({ id: z.string() }))
    .parse(await db.query(QUEUE_SIGN_IN_LINK, [email, intervalSeconds]));
  return rows[0]?.id;
}
