/**
 * Who is calling the Supabase routes, decided from the request's headers as Supabase's gateway and PostgREST
 * decide it: the public anon key, or no token at all, is `anon`; a JWT of this server's secret is the role and
 * claims it carries; any other token is refused, never downgraded to `anon`.
 */
import type { CallerClaims, JwtKeys } from './auth/jwt.ts';
import type { Database, Tx } from './db/database.ts';

export interface Caller {
  role: CallerClaims['role'];
  /** What `request.jwt.claims` holds for the request, so `auth.uid()` and `auth.jwt()` work in policies. */
  claims: CallerClaims;
}

export const ANONYMOUS_CALLER: Caller = { role: 'anon', claims: { role: 'anon' } };

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
    return { role: claims.role, claims };
  };
}

/**
 * Runs `work` in one transaction as the caller, as PostgREST does: its role, and its claims in
 * `request.jwt.claims` so `auth.uid()` works in policies. `set_config('role', …)` is `set local role`
 * with the role as a parameter.
 */
export function runAsCaller<T>(db: Database, caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('statement_timeout', '5s', true)",
      [caller.role, JSON.stringify(caller.claims)],
    );
    return work(tx);
  });
}
