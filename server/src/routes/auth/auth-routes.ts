/**
 * /auth/v1: the part of Supabase Auth (GoTrue) that supabase-js calls for the course: spending a sign-in link or
 * the code beside it (`verifyOtp`), refreshing and reading the session, signing out, and `auth.admin.generateLink` for the
 * service role. Requests and answers follow GoTrue's, so the page runs unchanged on hosted Supabase.
 */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { GoTrueError, goTrueErrorResponse, rateLimitedResponse } from '../../auth/gotrue-error.ts';
import { type JwtKeys, JwtRejected } from '../../auth/jwt.ts';
import { issueMagicLinkToken, reportWrongCodes } from '../../auth/one-time-tokens.ts';
import { isAllowedRedirect } from '../../auth/redirect-policy.ts';
import {
  endSessions,
  rotateRefreshToken,
  sessionExists,
  sessionResponse,
  signInWithOneTimeToken,
} from '../../auth/sessions.ts';
import { type OtpDeps, otpRoutes } from './otp-route.ts';
import type { Database } from '../../db/database.ts';
import { findUser, goTrueUser, parseUserRow, USER_COLUMNS, type UserRow } from '../../auth/users.ts';
import { clientKey, networkKey } from '../../../../supabase/functions/_shared/client-key.ts';
import { SlidingWindowLimiter } from '../../../../supabase/functions/_shared/rate-limit.ts';
import { normaliseEmail } from '../../../../supabase/functions/_shared/signup-request.ts';

/** What the auth routes use: the database, the JWT keys, the site's address, and /otp's own needs. */
export interface AuthDeps extends OtpDeps {
  db: Database;
  /** Signs sessions and verifies bearer tokens (users' and the service role's). */
  jwt: JwtKeys;
  /** Where a generated link leads when the request names no `redirect_to` (SITE_URL's first). */
  siteUrl: string;
  /** How long after its sign-in a session may still be refreshed (SESSION_MAX_LIFETIME_DAYS). */
  sessionMaxLifetimeSeconds: number;
}

const MAX_BODY_BYTES = 8 * 1024;

/** The e-mail verification types GoTrue knows; only sign-in links and codes exist here, so the others never match. */
const EMAIL_VERIFICATION_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] as const;

const verifyRequest = z.looseObject({
  type: z.string().optional(),
  token_hash: z.string().optional(),
  token: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  redirect_to: z.string().optional(),
});

const refreshRequest = z.looseObject({ refresh_token: z.string().optional() });

/** auth-js sends `options` spread into the body, so the redirect arrives as `redirectTo` (and in the query). */
const generateLinkRequest = z.looseObject({
  type: z.string().optional(),
  email: z.string().optional(),
  redirect_to: z.string().optional(),
  redirectTo: z.string().optional(),
});

const uuid = z.uuid();

/** GoTrue's refusal of a link's token: unknown, used, replaced, expired or of another type. */
function linkRefused(): GoTrueError {
  return new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');
}

/** GoTrue's refusal of a code, whatever the reason, for an address that signed up or not. */
function codeRefused(): GoTrueError {
  return new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid');
}

async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new GoTrueError(400, 'bad_json', `Could not parse request body as JSON: ${String(error)}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON: unexpected field types');
  }
  return parsed.data;
}

function bearerToken(c: Context): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!match?.[1])
    throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1];
}

export function authRoutes(deps: AuthDeps): Hono {
  const routes = new Hono();
  const refuseRedirectOffSite = (url: string | undefined) => {
    if (url !== undefined && !isAllowedRedirect(deps.cors, url)) {
      throw new GoTrueError(400, 'validation_failed', 'redirect_to must be an address on this site');
    }
  };

  /** GoTrue's checks of a user's access token: signature, expiry, issuer and audience, then its user, then its live session. */
  const authenticate = async (c: Context): Promise<{ user: UserRow; sessionId: string }> => {
    let claims: Record<string, unknown>;
    try {
      claims = await deps.jwt.verifyCaller(bearerToken(c));
    } catch (error) {
      if (error instanceof JwtRejected) throw new GoTrueError(403, 'bad_jwt', error.message);
      throw error;
    }
    const { sub, session_id: sessionId } = claims;
    if (typeof sub !== 'string' || sub === '') {
      throw new GoTrueError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    if (!uuid.safeParse(sub).success) {
      throw new GoTrueError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    }
    // Every token this server issues names its session: one without could not be signed out.
    if (typeof sessionId !== 'string' || !uuid.safeParse(sessionId).success) {
      throw new GoTrueError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    const user = await findUser(deps.db, sub);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (!(await sessionExists(deps.db, sessionId, sub))) {
      throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, sessionId };
  };

  const requireServiceRole = async (c: Context) => {
    let role: string;
    try {
      ({ role } = await deps.jwt.verifyCaller(bearerToken(c)));
    } catch (error) {
      if (error instanceof JwtRejected) throw new GoTrueError(403, 'bad_jwt', error.message);
      throw error;
    }
    if (role !== 'service_role') throw new GoTrueError(403, 'not_admin', 'User not allowed');
  };

  routes.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new GoTrueError(
          413,
          'request_entity_too_large',
          `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
        );
      },
    }),
  );

  const verifiesByIp = new SlidingWindowLimiter(deps.otp.perIp);
  // A caller with a whole IPv6 /48 could try codes from each of its 65,536 /64s: the /48 counts as one too.
  const verifiesByNetwork = new SlidingWindowLimiter(deps.otp.perIp);

  routes.post('/verify', async (c) => {
    const address = deps.clientAddress(c);
    const ip = verifiesByIp.hit(clientKey(address));
    const limit = ip.allowed ? verifiesByNetwork.hit(networkKey(address)) : ip;
    if (!limit.allowed)
      return rateLimitedResponse(limit.retryAfterSeconds, c.req.header('x-supabase-api-version'));
    const body = await readJson(c, verifyRequest);
    refuseRedirectOffSite(c.req.query('redirect_to') ?? body.redirect_to);
    if (!body.type) throw new GoTrueError(400, 'validation_failed', 'Verify requires a verification type');
    if (Boolean(body.token) === Boolean(body.token_hash)) {
      throw new GoTrueError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    }
    if (!EMAIL_VERIFICATION_TYPES.some((type) => type === body.type)) {
      throw new GoTrueError(400, 'validation_failed', 'Invalid email verification type');
    }
    const signsIn = body.type === 'magiclink' || body.type === 'email';
    if (body.token_hash) {
      if (!signsIn) throw linkRefused();
      const signedIn = await signInWithOneTimeToken(deps.db, { tokenHash: body.token_hash });
      if (!signedIn) throw linkRefused();
      return c.json(await sessionResponse(deps.jwt, signedIn.user, signedIn.tokens));
    }
    // A code typed in with its address. Every way it can fail answers alike, so nobody learns who signed up.
    if (body.phone && !body.email) throw codeRefused();
    if (!body.email || body.phone) {
      throw new GoTrueError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    const email = normaliseEmail(body.email);
    if (!email.ok) throw new GoTrueError(422, 'validation_failed', 'Invalid email format');
    if (!signsIn) throw codeRefused();
    const signedIn = await signInWithOneTimeToken(deps.db, { email: email.email, code: body.token ?? '' });
    if (!signedIn) {
      await reportWrongCodes(deps.db, deps.otp.log);
      throw codeRefused();
    }
    return c.json(await sessionResponse(deps.jwt, signedIn.user, signedIn.tokens));
  });

  routes.post('/token', async (c) => {
    if (c.req.query('grant_type') !== 'refresh_token') {
      throw new GoTrueError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
    const { refresh_token: refreshToken } = await readJson(c, refreshRequest);
    if (!refreshToken) throw new GoTrueError(400, 'validation_failed', 'refresh_token required');
    const outcome = await rotateRefreshToken(deps.db, refreshToken, {
      nextToken: deps.jwt.nextRefreshToken,
      maxLifetimeSeconds: deps.sessionMaxLifetimeSeconds,
    });
    if (!outcome.ok) {
      if (outcome.problem === 'malformed') {
        throw new GoTrueError(400, 'validation_failed', 'Refresh token is not valid');
      }
      if (outcome.problem === 'session_expired') {
        throw new GoTrueError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
      }
      if (outcome.problem === 'already_used') {
        throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    const user = await findUser(deps.db, outcome.userId);
    if (!user)
      throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    return c.json(await sessionResponse(deps.jwt, user, outcome));
  });

  routes.get('/user', async (c) => {
    const { user } = await authenticate(c);
    return c.json(goTrueUser(user));
  });

  routes.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const { user, sessionId } = await authenticate(c);
    await endSessions(deps.db, { userId: user.id, sessionId }, scope);
    return c.body(null, 204);
  });

  routes.post('/admin/generate_link', async (c) => {
    await requireServiceRole(c);
    const body = await readJson(c, generateLinkRequest);
    const redirectTo = body.redirect_to ?? body.redirectTo ?? c.req.query('redirect_to');
    refuseRedirectOffSite(redirectTo);
    if (body.type !== 'magiclink') {
      throw new GoTrueError(
        400,
        'validation_failed',
        `Invalid email action link type requested: ${body.type ?? ''}`,
      );
    }
    const email = normaliseEmail(body.email ?? '');
    if (!email.ok) {
      throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const { token, code } = await issueMagicLinkToken(deps.db, email.email);
    const [row] = await deps.db.query(
      `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1)`,
      [email.email],
    );
    const target = redirectTo ?? deps.siteUrl;
    const actionLink = new URL(target);
    actionLink.searchParams.set('token_hash', token);
    actionLink.searchParams.set('type', 'magiclink');
    return c.json({
      ...goTrueUser(parseUserRow(row)),
      action_link: actionLink.toString(),
      email_otp: code,
      hashed_token: token,
      verification_type: 'magiclink',
      redirect_to: target,
    });
  });

  routes.route('/otp', otpRoutes(deps));

  routes.all('*', () => {
    throw new GoTrueError(404, 'not_found', 'Not Found');
  });

  routes.onError((error, c) => {
    if (error instanceof GoTrueError)
      return goTrueErrorResponse(error, c.req.header('x-supabase-api-version'));
    console.error(
      JSON.stringify({ event: 'auth.unhandled_error', path: c.req.path, message: String(error) }),
    );
    return goTrueErrorResponse(
      new GoTrueError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
      c.req.header('x-supabase-api-version'),
    );
  });
  return routes;
}
