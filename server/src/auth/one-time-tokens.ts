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
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';

type OneTimeTokenType = 'magiclink';

const LIFETIME_HOURS = 24;
/** 32 random bytes as lowercase hex: the only shape a token of ours has, checked before any lookup. */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const CODE_PATTERN = /^\d{6}$/;
/** Wrong codes typed for an address before its code is void (its link still works). */
export const MAX_WRONG_CODES = 5;

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

/** What goes into a sign-in e-mail: the link's token and the code, in clear (the database has their hashes). */
export interface IssuedSignIn {
  token: string;
  code: string;
}

/**
 * Finds the user of this address (case-insensitively) or creates one, and gives them a new link and code,
 * which void every earlier link and code of theirs, whether or not one of them was already spent.
 */
export async function issueMagicLinkToken(sql: Sql, email: string): Promise<IssuedSignIn> {
  const [issued] = await issueMagicLinkTokens(sql, [email]);
  if (issued === undefined) throw new Error('No sign-in token was made.');
  return issued;
}

/**
 * `issueMagicLinkToken` for many addresses in one statement (a batch of e-mails), in order. An address that
 * appears more than once gets a link and code each time, but only its last ones are stored: the earlier ones
 * are void from the start, as if replaced a moment later. The replacement is one upsert on the index that
 * allows one live row per user, so two servers issuing for one address at once still leave one live row.
 */
export async function issueMagicLinkTokens(sql: Sql, emails: readonly string[]): Promise<IssuedSignIn[]> {
  const issued = emails.map((email) => ({ email, token: newRandomToken(), code: newSignInCode() }));
  // Apart from the insert: a row the insert's conflict finds must not be one the same statement deletes.
  await sql.query('delete from auth.one_time_tokens where expires_at < now()');
  await sql.query(
    `with input as (
       select distinct on (lower(i.email)) i.email, i.token_hash, i.code_hash
         from json_to_recordset($1::text::json) as i(ordinal int, email text, token_hash text, code_hash text)
        order by lower(i.email), i.ordinal desc
     ), found as (
       insert into auth.users as u (email)
       select email from input
       on conflict (lower(email)) do update set updated_at = u.updated_at
       returning u.id, lower(u.email) as mailbox
     )
     insert into auth.one_time_tokens (user_id, token_type, token_hash, code_hash, expires_at)
     select found.id, 'magiclink', input.token_hash, input.code_hash, now() + make_interval(hours => $2)
       from input join found on found.mailbox = lower(input.email)
     on conflict (user_id) where used_at is null or code_used_at is null do update
       set token_type = excluded.token_type, token_hash = excluded.token_hash, code_hash = excluded.code_hash,
           used_at = null, code_used_at = null, wrong_codes = 0, created_at = now(),
           expires_at = excluded.expires_at`,
    [
      JSON.stringify(
        issued.map(({ email, token, code }, ordinal) => ({
          ordinal,
          email,
          token_hash: hashToken(token),
          code_hash: hashToken(code),
        })),
      ),
      LIFETIME_HOURS,
    ],
  );
  return issued.map(({ token, code }) => ({ token, code }));
}

/**
 * Spends a link's token of this type: marks the link used and returns its user's id, or undefined when it
 * is unknown, malformed, of another type, already used, replaced or expired. The code beside it stays usable
 * once. A token is spent at most once however many ask at once.
 */
export async function spendOneTimeToken(
  sql: Sql,
  token: string,
  type: OneTimeTokenType,
): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const rows = await sql.query<{ user_id: string }>(
    `update auth.one_time_tokens set used_at = now()
      where token_hash = $1 and token_type = $2 and used_at is null and expires_at > now()
      returning user_id::text`,
    [hashToken(token), type],
  );
  return rows[0]?.user_id;
}

const liveCodeRow = z.object({ id: z.string(), user_id: z.string(), code_hash: z.string() });

/**
 * Spends the code of this address's live token and returns the user's id; the link beside it stays usable
 * once. A wrong code is counted against that token and gives undefined, as do an unknown address, a
 * malformed, used, expired or replaced code, and a code already void after `MAX_WRONG_CODES` wrong ones.
 * Must run inside a transaction: the row stays locked from the read to the write, so requests at once for
 * one address are counted one after the other, and a code is spent at most once.
 */
export async function spendSignInCode(tx: Sql, email: string, code: string): Promise<string | undefined> {
  const [found] = await tx.query(
    `select t.id::text, t.user_id::text, t.code_hash
       from auth.one_time_tokens t join auth.users u on u.id = t.user_id
      where lower(u.email) = lower($1) and t.token_type = 'magiclink' and t.code_used_at is null
        and t.expires_at > now() and t.code_hash is not null and t.wrong_codes < $2
      for update of t`,
    [email, MAX_WRONG_CODES],
  );
  if (found === undefined) return undefined;
  const live = liveCodeRow.parse(found);
  const right =
    CODE_PATTERN.test(code) &&
    timingSafeEqual(Buffer.from(hashToken(code), 'hex'), Buffer.from(live.code_hash, 'hex'));
  if (right) {
    await tx.query('update auth.one_time_tokens set code_used_at = now() where id = $1', [live.id]);
    return live.user_id;
  }
  await tx.query('update auth.one_time_tokens set wrong_codes = wrong_codes + 1 where id = $1', [live.id]);
  return undefined;
}
