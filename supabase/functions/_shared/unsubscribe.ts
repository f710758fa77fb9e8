/**
 * One-click unsubscribe (RFC 8058; docs/decisions/0135-reminders-with-consent.md), from the reminders or from
 * the announcements: each such e-mail names a signed token of its address (and, for an announcement, of which
 * one), in a `List-Unsubscribe` URL that a mailbox provider POSTs to and in a footer link to the site's
 * /unsubscribe page. The endpoint needs no session, answers every token alike, and withdraws at once the one
 * consent the e-mail was sent under; the course e-mail and requested sign-in links are still sent afterwards.
 */
import { base64url, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ANNOUNCEMENTS_LIST, UNSUBSCRIBE_PATH } from '../../../src/content/course.ts';
import { announcementUnsubscribe, reminderUnsubscribe } from '../../../src/content/emails.ts';
import { type CorsPolicy, corsHeaders, preflight } from './cors.ts';
import type { Log } from './log.ts';
import type { Sql } from './sql-port.ts';

const AUDIENCE = 'unsubscribe';
/** A token is a compact JWS of about 120 characters; anything far longer is not one. */
const MAX_BODY_BYTES = 4096;

const keyRows = z.array(z.object({ unsubscribe_key: z.string() }));

/**
 * Reads the signing key, made by the first caller that needs one (any server, the Edge Function). Two first
 * callers at once: one insert wins, the other's waits for it and inserts nothing, and its statement cannot see
 * the winner's row yet; a second statement does.
 */
async function loadKey(db: Sql): Promise<Uint8Array> {
  const fresh = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
  const [made] = keyRows.parse(
    await db.query(
      `with made as (
         insert into public.mail_keys (id, unsubscribe_key) values (true, $1)
         on conflict (id) do nothing
         returning unsubscribe_key
       )
       select unsubscribe_key from made
       union all select unsubscribe_key from public.mail_keys`,
      [fresh],
    ),
  );
  const [row] = made ? [made] : keyRows.parse(await db.query('select unsubscribe_key from public.mail_keys'));
  if (!row) throw new Error('No unsubscribe key could be read or made.');
  return base64url.decode(row.unsubscribe_key);
}

/** Loads the key once per process, again after a failed load. */
function keyOf(db: Sql): () => Promise<Uint8Array> {
  let key: Promise<Uint8Array> | undefined;
  return () => {
    key ??= loadKey(db).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}

interface UnsubscribeLinks {
  /** The site's page with one button: the reminder's footer link. */
  page: string;
  /** The endpoint a mailbox provider POSTs `List-Unsubscribe=One-Click` to: the List-Unsubscribe header. */
  oneClick: string;
}

/** The one-click unsubscribe headers of RFC 8058, which the large mailbox providers require of bulk senders. */
export const oneClickHeaders = (links: UnsubscribeLinks) => ({
  'List-Unsubscribe': `<${links.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Makes a sign-up's two unsubscribe links: from the reminders, or, given the announcement it is in, from the
 * announcements.
 */
export type UnsubscribeLinkMaker = (signupId: string, announcementId?: string) => Promise<UnsubscribeLinks>;

/**
 * `siteUrl`: where the /unsubscribe page is; `apiUrl`: where the API answers (the embedded server's own address,
 * or https://<ref>.supabase.co).
 */
export function createUnsubscribeLinks(
  db: Sql,
  urls: { siteUrl: string; apiUrl: string },
): UnsubscribeLinkMaker {
  const key = keyOf(db);
  return async (signupId, announcementId) => {
    const token = await new SignJWT(announcementId === undefined ? {} : { announcement: announcementId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(signupId)
      .setAudience(AUDIENCE)
      .sign(await key());
    // The page says what the button stops; the token alone decides what it does.
    const search = new URLSearchParams({
      token,
      ...(announcementId !== undefined && { list: ANNOUNCEMENTS_LIST }),
    }).toString();
    const page = new URL(UNSUBSCRIBE_PATH, urls.siteUrl);
    page.search = search;
    const oneClick = new URL('/functions/v1/send-email/unsubscribe', urls.apiUrl);
    oneClick.search = search;
    return { page: page.toString(), oneClick: oneClick.toString() };
  };
}

/**
 * Marks the address unsubscribed and, unless its latest answer already is a no, records the withdrawal, whose
 * trigger drops the reminders queued and not yet sent. Repeating it changes nothing.
 */
const UNSUBSCRIBE = `
with target as (
  update public.signups set unsubscribed = true where id = $1 returning id, email
), withdrawn as (
  insert into public.reminder_consents (user_id, given, wording, wording_version, source)
  select u.id, false, $2, $3, 'unsubscribe'
    from target t join auth.users u on lower(u.email) = lower(t.email)
   where coalesce((select l.given from public.reminder_answers_latest l where l.user_id = u.id), true)
  returning 1
)
select (select count(*) from target)::int as addresses, (select count(*) from withdrawn)::int as withdrawals`;

/**
 * Withdraws the address's yes to announcements, naming the announcement whose link did it, unless its latest
 * answer already is a no; its trigger drops the announcements queued and not yet sent. Nothing else changes.
 */
const UNSUBSCRIBE_ANNOUNCEMENTS = `
with target as (
  select s.id, u.id as user_id
    from public.signups s left join auth.users u on lower(u.email) = lower(s.email)
   where s.id = $1
), withdrawn as (
  insert into public.announcement_consents (user_id, given, wording, wording_version, source, announcement_id)
  select t.user_id, false, $2, $3, 'unsubscribe', (select a.id from public.announcements a where a.id = $4)
    from target t
   where (select c.given from public.announcement_consents c where c.user_id = t.user_id
           order by c.created_at desc, c.id desc limit 1)
  returning 1
)
select (select count(*) from target)::int as addresses, (select count(*) from withdrawn)::int as withdrawals`;

interface Unsubscriber {
  signupId: string;
  /** The announcement whose link it is; undefined: a reminder's. */
  announcementId: string | undefined;
}

const ID = /^\d{1,18}$/;

/** Whom a token names, or undefined for anything else (any shape, a wrong key, another audience). */
async function unsubscriberOf(token: string, key: Uint8Array): Promise<Unsubscriber | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
    const { announcement } = payload;
    if (!ID.test(payload.sub ?? '') || !payload.sub) return undefined;
    if (announcement !== undefined && !(typeof announcement === 'string' && ID.test(announcement)))
      return undefined;
    return { signupId: payload.sub, announcementId: announcement };
  } catch {
    return undefined;
  }
}

function withdraw(db: Sql, { signupId, announcementId }: Unsubscriber) {
  return announcementId === undefined
    ? db.query<{ addresses: number; withdrawals: number }>(UNSUBSCRIBE, [
        signupId,
        reminderUnsubscribe.wording,
        reminderUnsubscribe.version,
      ])
    : db.query<{ addresses: number; withdrawals: number }>(UNSUBSCRIBE_ANNOUNCEMENTS, [
        signupId,
        announcementUnsubscribe.wording,
        announcementUnsubscribe.version,
        announcementId,
      ]);
}

const pageBody = z.object({ token: z.string().max(MAX_BODY_BYTES) });

/**
 * The token from the URL (a provider's one-click POST, whose body is `List-Unsubscribe=One-Click`), or from
 * the page's JSON body `{ "token": … }`.
 */
async function tokenOf(request: Request): Promise<string> {
  const fromUrl = new URL(request.url).searchParams.get('token');
  if (fromUrl) return fromUrl;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return '';
  const body = await request.text().catch(() => '');
  if (body.length > MAX_BODY_BYTES) return '';
  try {
    const parsed = pageBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.token : '';
  } catch {
    return '';
  }
}

export interface UnsubscribeDeps {
  db: Sql;
  log: Log;
  cors: CorsPolicy;
  /** Where the /unsubscribe page is: a GET of the one-click address is sent there. */
  siteUrl: string;
}

/**
 * …/send-email/unsubscribe as a web-standard handler, for the Node server and the Edge Function: POST
 * unsubscribes, GET leads to the site's page.
 */
export function createUnsubscribeHandler(deps: UnsubscribeDeps): (request: Request) => Promise<Response> {
  const key = keyOf(deps.db);
  return async (request) => {
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS') return preflight(deps.cors, origin);
    const headers = { ...corsHeaders(deps.cors, origin), 'cache-control': 'no-store' };
    // A mail client without RFC 8058 opens the List-Unsubscribe address in a browser: the site's page, whose
    // one button posts the token, so a scanner that follows links unsubscribes nobody.
    if (request.method === 'GET' || request.method === 'HEAD') {
      const page = new URL(UNSUBSCRIBE_PATH, deps.siteUrl);
      page.search = new URL(request.url).search;
      return new Response(null, { status: 303, headers: { ...headers, location: page.toString() } });
    }
    if (request.method !== 'POST') {
      return Response.json(
        { error: 'Use POST to unsubscribe.' },
        { status: 405, headers: { ...headers, allow: 'GET, POST, OPTIONS' } },
      );
    }
    try {
      const unsubscriber = await unsubscriberOf(await tokenOf(request), await key());
      if (unsubscriber !== undefined) {
        const [result] = await withdraw(deps.db, unsubscriber);
        deps.log.info({
          event: 'mail.unsubscribed',
          signup_id: unsubscriber.signupId,
          ...(unsubscriber.announcementId !== undefined && { announcement_id: unsubscriber.announcementId }),
          ...result,
        });
      }
    } catch (error) {
      deps.log.error({
        event: 'mail.unsubscribe_failed',
        message: error instanceof Error ? error.message : String(error),
      });
      return Response.json(
        { error: 'Something went wrong on our side. Please try again.' },
        { status: 500, headers },
      );
    }
    return Response.json({ ok: true }, { headers });
  };
}
