/**
 * One-time sign-in tokens (the `token_hash` of a magic link): only their SHA-256 hash is stored, each is spent
 * once, and each expires 24 hours after it was made, the longest hosted Supabase allows.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';

export type OneTimeTokenType = 'magiclink';

const LIFETIME_HOURS = 24;
/** 32 random bytes as lowercase hex: the only shape a token of ours has, checked before any lookup. */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newRandomToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Finds the user of this address (case-insensitively) or creates one, and stores a new magic-link token for
 * them in the same statement, which also clears out expired tokens of anyone. Returns the raw token, which goes
 * into the link as `token_hash`.
 */
export async function issueMagicLinkToken(sql: Sql, email: string): Promise<string> {
  const [token] = await issueMagicLinkTokens(sql, [email]);
  if (token === undefined) throw new Error('No sign-in token was made.');
  return token;
}

/**
 * `issueMagicLinkToken` for many addresses in one statement (a batch of e-mails), a token each, in order; an
 * address may appear more than once.
 */
export async function issueMagicLinkTokens(sql: Sql, emails: readonly string[]): Promise<string[]> {
  const issued = emails.map((email) => ({ email, token: newRandomToken() }));
  await sql.query(
    `with pruned as (
       delete from auth.one_time_tokens where expires_at < now()
     ), input as (
       select i.email, i.token_hash from json_to_recordset($1::text::json) as i(email text, token_hash text)
     ), found as (
       insert into auth.users as u (email)
       select distinct on (lower(email)) email from input order by lower(email)
       on conflict (lower(email)) do update set updated_at = u.updated_at
       returning u.id, lower(u.email) as mailbox
     )
     insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
     select found.id, 'magiclink', input.token_hash, now() + make_interval(hours => $2)
       from input join found on found.mailbox = lower(input.email)`,
    [
      JSON.stringify(issued.map(({ email, token }) => ({ email, token_hash: hashToken(token) }))),
      LIFETIME_HOURS,
    ],
  );
  return issued.map(({ token }) => token);
}

/**
 * Spends a token of this type: marks it used and returns its user's id, or undefined when it is unknown,
 * malformed, of another type, already used or expired. A token is spent at most once however many ask at once.
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
