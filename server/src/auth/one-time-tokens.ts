/**
 * One-time sign-in tokens: the `token_hash` of a magic link and the 6-digit code beside it, on one row. Only
 * their SHA-256 hashes are stored; both expire 24 hours after they were made (the longest hosted Supabase
 * allows). They are two single-use credentials: spending the link (`used_at`) leaves the code usable once,
 * and spending the code (`code_used_at`) leaves the link usable once, for another device or when a mail app's
 * own browser spent the link. A row is live while either is unspent; a user has at most one live row, and a
 * new one replaces it, link and code, so a sign-in can only spend a half of the newest e-mail's row.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import type { SignInLinkRequest } from '../../../supabase/functions/_shared/sign-in-link.ts';
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';

type OneTimeTokenType = 'magiclink';

const LIFETIME_HOURS = 24;
/** 32 random bytes as lowercase hex: the only shape a token of ours has, checked before any lookup. */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const CODE_PATTERN = /^\d{6}$/;
/** Wrong codes typed for one e-mail's code before that code is void (its link still works). */
export const MAX_WRONG_CODES = 5;
/**
 * Wrong codes typed for an address in a rolling day, across all its e-mails, before no code of it signs in
 * until one of its links is used (a new e-mail does not reset it): at most this many guesses a day.
 */
const MAX_WRONG_CODES_PER_DAY = 10;

/** The address's wrong codes in the last day, across all its e-mails. */
const WRONG_CODES_TODAY = `array(
  select t from unnest(u.wrong_code_times) t where t > now() - interval '24 hours' order by t)`;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newRandomToken(): string {
  return randomBytes(32).toString('hex');
}

/** Six digits, leading zeros kept, each of the million equally likely. */
export function newSignInCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/**
 * What goes into a sign-in e-mail: the link's token and the code, in clear (the database has their hashes).
 * `code` is undefined when the address's code from an earlier e-mail is still live and was kept. `codesPaused`:
 * the address had too many wrong codes in a day, so no code of it signs in until one of its links is used.
 */
export interface IssuedSignIn {
  token: string;
  code: string | undefined;
  codesPaused: boolean;
}

/**
 * Finds the user of this address (case-insensitively) or creates one, and gives them a new link and code,
 * which void every earlier link and code of theirs, whether or not one of them was already spent.
 */
export async function issueMagicLinkToken(sql: Sql, email: string): Promise<{ token: string; code: string }> {
  const [issued] = await issueMagicLinkTokens(sql, [{ email, keepLiveCode: false }]);
  if (issued?.code === undefined) throw new Error('No sign-in token was made.');
  return { token: issued.token, code: issued.code };
}

/**
 * `issueMagicLinkToken` for many addresses in one statement (a batch of e-mails), in order. An address that
 * appears more than once gets a link and code each time, but only its last ones are stored: the earlier ones
 * are void from the start, as if replaced a moment later. The replacement is one upsert on the index that
 * allows one live row per user, so two servers issuing for one address at once still leave one live row. A
 * request that keeps a live code replaces only the link: the code, its age and its wrong guesses stay, so
 * asking for e-mails never hands out fresh codes to guess. Only a code that reached the address is kept.
 */
export async function issueMagicLinkTokens(
  sql: Sql,
  requests: readonly (Omit<SignInLinkRequest, 'outboxId'> & { outboxId?: string })[],
): Promise<IssuedSignIn[]> {
  const issued = requests.map(({ email, keepLiveCode, outboxId }) => ({
    email,
    keepLiveCode,
    outboxId,
    token: newRandomToken(),
    code: newSignInCode(),
  }));
  // Apart from the insert: a row the insert's conflict finds must not be one the same statement deletes.
  await sql.query('delete from auth.one_time_tokens where expires_at < now()');
  const stored = await sql.query<{ mailbox: string; code_hash: string; codes_paused: boolean }>(
    `with input as (
       select distinct on (lower(i.email)) i.email, i.token_hash, i.code_hash, i.keep, i.outbox_id
         from json_to_recordset($1::text::json)
           as i(ordinal int, email text, token_hash text, code_hash text, keep boolean, outbox_id bigint)
        order by lower(i.email), i.ordinal desc
     ), found as (
       insert into auth.users as u (email)
       select email from input
       on conflict (lower(email)) do update set updated_at = u.updated_at
       returning u.id, lower(u.email) as mailbox, cardinality(${WRONG_CODES_TODAY}) >= $4 as codes_paused
     ), live as (
       -- A code is kept only if it reached the address: the e-mail it was made for was sent.
       select t.user_id, t.code_hash, t.code_issued_at, t.code_outbox_id
         from auth.one_time_tokens t join found on found.id = t.user_id
        where t.code_used_at is null and t.code_hash is not null and t.wrong_codes < $3
          and t.code_issued_at > now() - make_interval(hours => $2)
          and exists (select 1 from public.email_outbox e where e.id = t.code_outbox_id and e.status = 'sent')
        for update of t
     ), stored as (
       insert into auth.one_time_tokens as t
              (user_id, token_type, token_hash, code_hash, expires_at, code_issued_at, code_outbox_id)
       select found.id, 'magiclink', input.token_hash,
              case when input.keep and live.user_id is not null then live.code_hash else input.code_hash end,
              now() + make_interval(hours => $2),
              case when input.keep and live.user_id is not null then live.code_issued_at else now() end,
              case when input.keep and live.user_id is not null then live.code_outbox_id else input.outbox_id end
         from input join found on found.mailbox = lower(input.email)
         left join live on live.user_id = found.id
       on conflict (user_id) where used_at is null or code_used_at is null do update
         set token_type = excluded.token_type, token_hash = excluded.token_hash, used_at = null,
             created_at = now(), expires_at = excluded.expires_at, code_hash = excluded.code_hash,
             code_issued_at = excluded.code_issued_at, code_outbox_id = excluded.code_outbox_id,
             code_used_at = case when excluded.code_issued_at = t.code_issued_at then t.code_used_at end,
             wrong_codes = case when excluded.code_issued_at = t.code_issued_at then t.wrong_codes else 0 end
       returning t.user_id, t.code_hash
     )
     select found.mailbox, stored.code_hash, found.codes_paused
       from stored join found on found.id = stored.user_id`,
    [
      JSON.stringify(
        issued.map(({ email, token, code, keepLiveCode, outboxId }, ordinal) => ({
          ordinal,
          email,
          token_hash: hashToken(token),
          code_hash: hashToken(code),
          keep: keepLiveCode,
          outbox_id: outboxId ?? null,
        })),
      ),
      LIFETIME_HOURS,
      MAX_WRONG_CODES,
      MAX_WRONG_CODES_PER_DAY,
    ],
  );
  const byMailbox = new Map(stored.map((row) => [row.mailbox, row]));
  return issued.map(({ email, token, code }) => {
    const row = byMailbox.get(email.toLowerCase());
    return {
      token,
      code: row?.code_hash === hashToken(code) ? code : undefined,
      codesPaused: row?.codes_paused ?? false,
    };
  });
}

/**
 * Spends a link's token of this type: marks the link used and returns its user's id, or undefined when it
 * is unknown, malformed, of another type, already used, replaced or expired. The code beside it stays usable
 * once. A token is spent at most once however many ask at once. A link proves the mailbox, so it also clears
 * the address's count of wrong codes.
 */
export async function spendOneTimeToken(
  sql: Sql,
  token: string,
  type: OneTimeTokenType,
): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  // The user's row first, as every other writer of the address's tokens locks it (no two lock in turn).
  await sql.query(
    `select 1 from auth.users
      where id = (select user_id from auth.one_time_tokens where token_hash = $1)
      for update`,
    [hashToken(token)],
  );
  const rows = await sql.query<{ user_id: string }>(
    `with spent as (
       update auth.one_time_tokens set used_at = now()
        where token_hash = $1 and token_type = $2 and used_at is null and expires_at > now()
        returning user_id
     ), cleared as (
       update auth.users set wrong_code_times = '{}' where id in (select user_id from spent)
     )
     select user_id::text from spent`,
    [hashToken(token), type],
  );
  return rows[0]?.user_id;
}

const addressRow = z.object({ user_id: z.string(), wrong_today: z.coerce.number() });
const liveCodeRow = z.object({ id: z.string(), code_hash: z.string() });

/**
 * Counts a wrong code towards the site's hourly watch (reportWrongCodes): one row, this hour's count.
 */
const WATCH_WRONG_CODE = `
insert into auth.wrong_code_watch as w (id, hour, wrong_codes) values (true, date_trunc('hour', now()), 1)
on conflict (id) do update
   set wrong_codes = case when w.hour = date_trunc('hour', now()) then w.wrong_codes + 1 else 1 end,
       hour = date_trunc('hour', now())`;

/**
 * Spends the code of this address's live token and returns the user's id; the link beside it stays usable
 * once. A wrong code is counted against that token (`MAX_WRONG_CODES` make it void) and against the address
 * for a day (`MAX_WRONG_CODES_PER_DAY` make every code of it refused until a link is used, whatever new
 * e-mails it gets), and gives undefined, as do an unknown address, a malformed, used, expired or replaced
 * code, and a void one. Must run inside a transaction: the rows stay locked from the read to the write, so
 * requests at once for one address are counted one after the other, and a code is spent at most once.
 */
export async function spendSignInCode(tx: Sql, email: string, code: string): Promise<string | undefined> {
  // The user's row first, then its token's: read after the lock, so it is the latest (PostgreSQL's read
  // committed re-reads only the rows a statement locks).
  const [user] = await tx.query(
    `select u.id::text as user_id, cardinality(${WRONG_CODES_TODAY}) as wrong_today
       from auth.users u where lower(u.email) = lower($1)
      for update`,
    [email],
  );
  if (user === undefined) return undefined;
  const { user_id: userId, wrong_today: wrongToday } = addressRow.parse(user);
  if (wrongToday >= MAX_WRONG_CODES_PER_DAY) {
    await tx.query(WATCH_WRONG_CODE);
    return undefined;
  }
  const [found] = await tx.query(
    `select t.id::text, t.code_hash from auth.one_time_tokens t
      where t.user_id = $1 and t.token_type = 'magiclink' and t.code_used_at is null and t.code_hash is not null
        and t.code_issued_at > now() - make_interval(hours => $3) and t.wrong_codes < $2
      for update`,
    [userId, MAX_WRONG_CODES, LIFETIME_HOURS],
  );
  if (found === undefined) return undefined;
  const live = liveCodeRow.parse(found);
  const right =
    CODE_PATTERN.test(code) &&
    timingSafeEqual(Buffer.from(hashToken(code), 'hex'), Buffer.from(live.code_hash, 'hex'));
  if (right) {
    const spent = await tx.query(
      'update auth.one_time_tokens set code_used_at = now() where id = $1 and code_used_at is null returning id',
      [live.id],
    );
    return spent.length === 1 ? userId : undefined;
  }
  await tx.query(
    `with token as (
       update auth.one_time_tokens set wrong_codes = wrong_codes + 1 where id = $1
     ), watch as (${WATCH_WRONG_CODE})
     update auth.users u set wrong_code_times = ${WRONG_CODES_TODAY} || now() where u.id = $2`,
    [live.id, userId],
  );
  return undefined;
}

/** Wrong codes in an hour, across every address, past which the log warns (once an hour). */
export const WRONG_CODES_ALERT_PER_HOUR = 50;

/**
 * Logs one warning an hour when this hour's wrong codes pass `WRONG_CODES_ALERT_PER_HOUR`, on whichever server
 * first sees it: the watch row's `alerted_hour` is checked and set in one statement.
 */
export async function reportWrongCodes(sql: Sql, log: Log): Promise<void> {
  const [row] = await sql.query<{ wrong_codes: number }>(
    `update auth.wrong_code_watch set alerted_hour = hour
      where hour = date_trunc('hour', now()) and wrong_codes >= $1 and alerted_hour is distinct from hour
     returning wrong_codes`,
    [WRONG_CODES_ALERT_PER_HOUR],
  );
  if (row === undefined) return;
  log.warn({
    event: 'auth.wrong_codes_alert',
    message:
      'Many wrong sign-in codes this hour: someone may be guessing. Each address refuses codes after 10 wrong ones in a day, until its link is used.',
    wrong_codes: Number(row.wrong_codes),
    threshold: WRONG_CODES_ALERT_PER_HOUR,
  });
}
