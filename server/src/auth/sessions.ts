/**
 * Sign-in sessions and their refresh tokens, as GoTrue keeps them: every refresh spends its token and issues
 * the next; a spent token presented again after the reuse interval is taken as stolen, and ends its session.
 * Only SHA-256 hashes of refresh tokens are stored; a session's every token after the first is derived from the
 * one before it under a server secret.
 */
import { z } from 'zod';
import type { Database, Sql } from '../db/database.ts';
import type { JwtKeys } from './jwt.ts';
import { hashToken, newRandomToken, spendOneTimeToken, spendSignInCode } from './one-time-tokens.ts';
import { goTrueUser, parseUserRow, USER_COLUMNS, type UserRow } from './users.ts';

const ACCESS_TOKEN_SECONDS = 3600;
/** GoTrue's default: two tabs refreshing with one token at once both succeed within it. */
const REFRESH_TOKEN_REUSE_SECONDS = 10;
const REFRESH_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export interface SessionTokens {
  sessionId: string;
  refreshToken: string;
}

/** Opens a session for the user with its first refresh token. */
async function startSession(tx: Sql, userId: string): Promise<SessionTokens> {
  const refreshToken = newRandomToken();
  const [row] = await tx.query(
    `with session as (insert into auth.sessions (user_id) values ($1) returning id)
     insert into auth.refresh_tokens (token_hash, session_id) select $2, id from session
     returning session_id::text`,
    [userId, hashToken(refreshToken)],
  );
  const { session_id: sessionId } = z.object({ session_id: z.string() }).parse(row);
  return { sessionId, refreshToken };
}

export type RefreshOutcome =
  | ({ ok: true; userId: string } & SessionTokens)
  | { ok: false; problem: 'malformed' | 'not_found' | 'already_used' | 'session_expired' };

/** How refresh tokens follow each other, and how long a session may be refreshed. */
export interface RefreshRules {
  /**
   * The token issued after `token` in its session. Derived under a server secret, so a replay within the reuse
   * interval is answered with the very token already issued, and nobody else can name it from a spent one.
   */
  nextToken(token: string): string;
  /** Counted from the sign-in; after it, the session ends and its refresh tokens are refused. */
  maxLifetimeSeconds: number;
}

const tokenRow = z.object({
  revoked: z.boolean(),
  session_id: z.string(),
  user_id: z.string(),
  reusable: z.boolean(),
  expired: z.boolean(),
});

/**
 * Spends a refresh token and issues its successor. A spent token presented again within the reuse interval (a
 * second tab, a lost answer) gets the session's live token, the one already issued: a session never has two.
 * One spent earlier ends its whole session, every token of it included; so does the session's maximum lifetime.
 */
export function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  rules: RefreshRules,
): Promise<RefreshOutcome> {
  if (!REFRESH_TOKEN_PATTERN.test(refreshToken)) return Promise.resolve({ ok: false, problem: 'malformed' });
  const tokenHash = hashToken(refreshToken);
  return db.transaction(async (tx): Promise<RefreshOutcome> => {
    // Locking the session serialises concurrent refreshes of one session, on every server.
    const [found] = await tx.query(
      `select t.revoked, t.session_id::text, s.user_id::text,
              t.updated_at > now() - make_interval(secs => $2) as reusable,
              s.created_at <= now() - make_interval(secs => $3) as expired
         from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
        where t.token_hash = $1
        for update of t, s`,
      [tokenHash, REFRESH_TOKEN_REUSE_SECONDS, rules.maxLifetimeSeconds],
    );
    if (found === undefined) return { ok: false, problem: 'not_found' };
    const token = tokenRow.parse(found);
    const session = { userId: token.user_id, sessionId: token.session_id };
    if (token.expired || (token.revoked && !token.reusable)) {
      await tx.query('delete from auth.sessions where id = $1', [token.session_id]);
      return { ok: false, problem: token.expired ? 'session_expired' : 'already_used' };
    }
    if (token.revoked) {
      // Replayed within the interval: walk from it to the session's live token.
      let candidate = rules.nextToken(refreshToken);
      for (;;) {
        const [row] = await tx.query(
          'select revoked from auth.refresh_tokens where token_hash = $1 and session_id = $2',
          [hashToken(candidate), token.session_id],
        );
        if (row === undefined) return { ok: false, problem: 'not_found' };
        if (!z.object({ revoked: z.boolean() }).parse(row).revoked) {
          return { ok: true, ...session, refreshToken: candidate };
        }
        candidate = rules.nextToken(candidate);
      }
    }
    const next = rules.nextToken(refreshToken);
    await tx.query(
      `with spent as (
         update auth.refresh_tokens set revoked = true, updated_at = now() where token_hash = $1
       ), touched as (
         update auth.sessions set updated_at = now() where id = $3
       )
       insert into auth.refresh_tokens (token_hash, session_id, parent_hash) values ($2, $3, $1)`,
      [tokenHash, hashToken(next), token.session_id],
    );
    return { ok: true, ...session, refreshToken: next };
  });
}

export async function sessionExists(sql: Sql, sessionId: string, userId: string): Promise<boolean> {
  const rows = await sql.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
    sessionId,
    userId,
  ]);
  return rows.length > 0;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends this session (`local`), the user's other sessions (`others`) or all of them (`global`). */
export async function endSessions(
  sql: Sql,
  caller: { userId: string; sessionId: string },
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'global') {
    await sql.query('delete from auth.sessions where user_id = $1', [caller.userId]);
    return;
  }
  const sessions = scope === 'local' ? 'id = $2' : 'id <> $2';
  await sql.query(`delete from auth.sessions where user_id = $1 and ${sessions}`, [
    caller.userId,
    caller.sessionId,
  ]);
}

/** An owner's sign-in, newest first among her last 10, for the studio (`studio_my_sign_ins`). */
const RECORD_OWNER_SIGN_IN = `
update public.owners
   set recent_sign_ins = jsonb_build_array(jsonb_build_object('at', now(), 'method', $2::text))
       || coalesce((select jsonb_agg(e order by n)
                      from jsonb_array_elements(recent_sign_ins) with ordinality as kept(e, n) where n < 10), '[]')
 where email = lower($1)`;

/** What a sign-in spends: a link's token, or an address with the code its e-mail carried. */
export type SignInProof = { tokenHash: string } | { email: string; code: string };

/**
 * Spends the proof and opens a session for its user, whose address it proves: both or neither. Only the
 * newest e-mail's link and code can sign in (a user has one live row), so every other e-mail's are void, and
 * spending that e-mail's link leaves its code usable once, and its code the link. Undefined when the link or
 * code is unknown, malformed, used, replaced or expired, or the code void; a wrong code is still counted (the
 * transaction commits).
 */
export function signInWithOneTimeToken(
  db: Database,
  proof: SignInProof,
): Promise<{ user: UserRow; tokens: SessionTokens } | undefined> {
  return db.transaction(async (tx) => {
    const userId =
      'tokenHash' in proof
        ? await spendOneTimeToken(tx, proof.tokenHash, 'magiclink')
        : await spendSignInCode(tx, proof.email, proof.code);
    if (userId === undefined) return undefined;
    const [row] = await tx.query(
      `update auth.users
          set email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
        where id = $1
        returning ${USER_COLUMNS}`,
      [userId],
    );
    const user = parseUserRow(row);
    await tx.query(RECORD_OWNER_SIGN_IN, [user.email, 'tokenHash' in proof ? 'link' : 'code']);
    return { user, tokens: await startSession(tx, userId) };
  });
}

/** The session JSON GoTrue answers a sign-in or a refresh with. */
export async function sessionResponse(jwt: JwtKeys, user: UserRow, tokens: SessionTokens) {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await jwt.signAccessToken(
    {
      userId: user.id,
      email: user.email,
      sessionId: tokens.sessionId,
      expiresInSeconds: ACCESS_TOKEN_SECONDS,
    },
    now,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: now + ACCESS_TOKEN_SECONDS,
    refresh_token: tokens.refreshToken,
    user: goTrueUser(user),
  };
}
