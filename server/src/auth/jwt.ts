/**
 * The embedded server's JSON Web Tokens, as Supabase Auth makes them: HS256 over one shared secret, signed and
 * verified with jose. Access tokens carry GoTrue's claims; the service role key and signed storage URLs are
 * tokens of the same secret, and refresh tokens follow each other by an HMAC under it, so one secret stands
 * behind every credential the server accepts.
 */
import { createHmac } from 'node:crypto';
import { decodeJwt, errors, jwtVerify, type JWTVerifyOptions, SignJWT } from 'jose';
import { z } from 'zod';
import { nowInSeconds, rememberVerified, signOncePerSecond } from './token-memo.ts';

const ALGORITHM = 'HS256';
const ISSUER_PATH = '/auth/v1';
/** GoTrue's audience for a signed-in user's access token. */
const USER_AUDIENCE = 'authenticated';

/** The claims of a token the API accepts as a caller: every role PostgREST would switch to. */
const callerClaims = z.looseObject({
  role: z.enum(['anon', 'authenticated', 'service_role']),
  sub: z.string().optional(),
  email: z.string().optional(),
  session_id: z.string().optional(),
  exp: z.number().optional(),
});
export type CallerClaims = z.infer<typeof callerClaims>;

/** Why a token was refused; each maps to the error shape of the API that refused it. */
export type JwtProblem = 'expired' | 'bad_signature' | 'malformed' | 'session_ended';

export class JwtRejected extends Error {
  constructor(readonly problem: JwtProblem) {
    super(
      problem === 'expired'
        ? 'JWT expired'
        : problem === 'bad_signature'
          ? 'Invalid JWT signature'
          : problem === 'session_ended'
            ? 'Session from session_id claim in JWT does not exist'
            : 'Invalid JWT',
    );
  }
}

function problemOf(error: unknown): JwtProblem {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad_signature';
  return 'malformed';
}

interface AccessTokenInput {
  userId: string;
  email: string;
  sessionId: string;
  expiresInSeconds: number;
}

export interface JwtKeys {
  /** A user's access token with GoTrue's claims; `now` in seconds. */
  signAccessToken(input: AccessTokenInput, now?: number): Promise<string>;
  /** The embedded service role key: a long-lived token of role `service_role`, as Supabase's legacy keys are. */
  signServiceRoleKey(): Promise<string>;
  /** The refresh token that follows `token` in its session: an HMAC under this secret, 64 hex digits. */
  nextRefreshToken(token: string): string;
  /** Any payload under this secret with an expiry (signed storage URLs). */
  signPayload(payload: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  /** Verifies signature, algorithm and expiry; throws JwtRejected. */
  verify(token: string): Promise<Record<string, unknown>>;
  /**
   * The caller's role and claims; throws JwtRejected. A user's token (role `authenticated`) must also name this
   * server as its issuer, `authenticated` as its audience, and an expiry; the project keys (`anon`,
   * `service_role`) are held to `verify`'s rules only, as they carry Supabase's own issuer and the service role
   * key no expiry.
   */
  verifyCaller(token: string): Promise<CallerClaims>;
}

/** `siteUrl` is the issuer's base, as GoTrue's `iss` is its own public URL. */
export function createJwtKeys(secret: string, siteUrl: string): JwtKeys {
  const key = new TextEncoder().encode(secret);
  const issuer = `${siteUrl}${ISSUER_PATH}`;
  const sign = (payload: Record<string, unknown>) =>
    new SignJWT(payload).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' });

  const verifyWith = (rules: JWTVerifyOptions) =>
    rememberVerified(async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], ...rules });
        return payload;
      } catch (error) {
        throw new JwtRejected(problemOf(error));
      }
    });
  const signPayload = signOncePerSecond((payload, now, expiresInSeconds) =>
    sign(payload)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(key),
  );
  const verify = verifyWith({});
  const verifyUserToken = verifyWith({ audience: USER_AUDIENCE, issuer, requiredClaims: ['exp'] });
  /** The unverified role picks the rules; the chosen verification then checks the signature over it. */
  const claimedRole = (token: string): unknown => {
    try {
      return decodeJwt(token).role;
    } catch {
      throw new JwtRejected('malformed');
    }
  };

  return {
    signAccessToken: ({ userId, email, sessionId, expiresInSeconds }, now = nowInSeconds()) =>
      sign({
        aud: USER_AUDIENCE,
        role: 'authenticated',
        email,
        phone: '',
        session_id: sessionId,
        aal: 'aal1',
        amr: [{ method: 'otp', timestamp: now }],
        is_anonymous: false,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
      })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(key),
    nextRefreshToken: (token) => createHmac('sha256', secret).update(`refresh-token:${token}`).digest('hex'),
    signServiceRoleKey: () => sign({ role: 'service_role', iss: 'supabase' }).setIssuedAt().sign(key),
    signPayload,
    verify,
    verifyCaller: async (token) => {
      const rules = claimedRole(token) === 'authenticated' ? verifyUserToken : verify;
      const parsed = callerClaims.safeParse(await rules(token));
      if (!parsed.success) throw new JwtRejected('malformed');
      return parsed.data;
    },
  };
}
