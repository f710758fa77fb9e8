/**
 * Who is calling the Supabase routes, decided from the request's headers as Supabase's gateway and PostgREST
 * decide it: the public anon key, or no token at all, is `anon`; a JWT of this server's secret is the role and
 * claims it carries; any other token is refused, never downgraded to `anon`.
 */
import { z } from 'zod';
import { type CallerClaims, type JwtKeys, JwtRejected } from '../auth/jwt.ts';
import type { Database, Tx } from '../db/database.ts';

export interface Caller {
  role: CallerClaims['role'];
  /** What `request.jwt.claims` holds for the request, so `auth.uid()` and `auth.jwt()` work in policies. */
  claims: CallerClaims;
  /**
   * The sign-in session a user's token names (its `session_id`): every transaction run as the caller first
   * checks it still exists, so signing out or the owner's erasure ends access at once, not when the token expires.
   */
  sessionId?: string;
}

export const ANONYMOUS_CALLER: Caller = { role: 'anon', claims: { role: 'anon' } };

const sessionIdSchema = z.uuid();

/** Reads one request header by name, as Hono's `c.req.header(name)` does. */
export type HeaderReader = (name: string) => string | undefined;

/** Resolves a request's caller; throws JwtRejected for a token this server did not sign or that has expired. */
export type CallerResolver = (header: HeaderReader) => Promise<Caller>;

/** The token of an `Authorization: Bearer …` header; another scheme carries no token PostgREST would read. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer +([^\s]+) *$/i.exec(authorization ?? '')?.[1];
}

/**
 * supabase-js sends `apikey: <key>` and `Authorization: Bearer <session token, or the key>`; a client built
 * with a JWT key (the service role key) may send only `apikey`, which then is the token, as on Supabase.
 */
export function createCallerResolver({ jwt, anonKey }: { jwt: JwtKeys; anonKey: string }): CallerResolver {
  return async (header) => {
    const token = bearerToken(header('authorization')) ?? header('apikey');
    if (token === undefined || token === anonKey) return ANONYMOUS_CALLER;
    const claims = await jwt.verifyCaller(token);
    if (claims.role !== 'authenticated') return { role: claims.role, claims };
    // Every token this server issues names its session: one without could not be signed out.
    if (!sessionIdSchema.safeParse(claims.session_id).success) throw new JwtRejected('malformed');
    return { role: claims.role, claims, sessionId: claims.session_id };
  };
}

/**
 * Runs `work` in one transaction as the caller, as PostgREST does: its role, and its claims in
 * `request.jwt.claims` so `auth.uid()` works in policies. `set_config('role', …)` is `set local role`
 * with the role as a parameter. A caller's session is looked up in the same statement (by its primary key;
 * privileges are checked as the server before the role changes); a session that has ended throws JwtRejected.
 */
export function runAsCaller<T>(db: Database, caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ live: boolean }>(
      `select ${caller.sessionId === undefined ? 'true' : 'exists (select 1 from auth.sessions where id = $3::uuid)'} as live,
              set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('statement_timeout', '5s', true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        ...(caller.sessionId === undefined ? [] : [caller.sessionId]),
      ],
    );
    if (row?.live !== true) throw new JwtRejected('session_ended');
    return work(tx);
  });
}

/**
 * The signed-in user a request's token names, for the shared core's functions that check who calls (the studio's
 * test e-mail): null for a visitor or a key that is no user's; throws JwtRejected for a token refused or a session
 * that has ended.
 */
export function signedInUserOf(db: Database, callers: CallerResolver) {
  return async (request: Request): Promise<string | null> => {
    const caller = await callers((name) => request.headers.get(name) ?? undefined);
    if (caller.sessionId === undefined || typeof caller.claims.sub !== 'string') return null;
    const [row] = await db.query<{ live: boolean }>(
      'select exists (select 1 from auth.sessions where id = $1::uuid) as live',
      [caller.sessionId],
    );
    if (row?.live !== true) throw new JwtRejected('session_ended');
    return caller.claims.sub;
  };
}
