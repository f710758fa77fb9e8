/**
 * The embedded server's JSON Web Tokens, as Supabase Auth makes them: HS256 over one shared secret, signed and
 * verified with jose. Access tokens carry GoTrue's claims; the service role key and signed storage URLs are
 * tokens of the same secret, and refresh tokens follow each other by an HMAC under it, so one secret stands
 * behind every credential the server accepts.
 */
import { createHmac } from 'node:crypto';
import { decodeJwt, errors, type JWTPayload, jwtVerify, type JWTVerifyOptions, SignJWT } from 'jose';
import { z } from 'zod';

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

/**
 * How many verified tokens each check remembers. A crowd of learners presents the same tokens again and again
 * (their sessions' on every save, a segment's to each learner who signed it in the same second); jose checks a
 * token's signature once, and the answer is kept for the token's exact text until its expiry.
 */
const VERIFIED_TOKENS_KEPT = 20_000;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * `check` (jose's verification) remembered for the tokens it accepted: a token seen before is answered from memory
 * while its `exp` is in the future (jose's own rule: expired from the second `exp` names), and checked again
 * (so refused as expired) after. Refusals are never remembered. When full, the oldest token is forgotten first.
 */
function rememberingVerified(check: (token: string) => Promise<JWTPayload>) {
  const verified = new Map<string, JWTPayload>();
  return async (token: string): Promise<JWTPayload> => {
    const known = verified.get(token);
    if (known !== undefined && (known.exp === undefined || known.exp > nowInSeconds())) return known;
    verified.delete(token);
    const payload = await check(token);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, payload);
    return payload;
  };
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
    rememberingVerified(async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], ...rules });
        return payload;
      } catch (error) {
        throw new JwtRejected(problemOf(error));
      }
    });
  /**
   * The signed URLs' tokens of the current second, by payload and expiry: a token is the same text whoever asks
   * for it in that second, so a crowd signing one playlist's files costs one signature per file a second.
   */
  let signedSecond = 0;
  const signedThisSecond = new Map<string, Promise<string>>();
  const signPayload = (payload: Record<string, unknown>, expiresInSeconds: number) => {
    const now = nowInSeconds();
    if (now !== signedSecond) {
      signedSecond = now;
      signedThisSecond.clear();
    }
    const name = `${expiresInSeconds} ${JSON.stringify(payload)}`;
    const known = signedThisSecond.get(name);
    if (known !== undefined) return known;
    const token = sign(payload)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(key);
    signedThisSecond.set(name, token);
    token.catch(() => signedThisSecond.delete(name));
    return token;
  };
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
