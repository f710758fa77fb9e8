/**
 * The token fast path (docs/performance.md, "The course under a crowd"): a crowd presents the same tokens again
 * and again (their sessions' on every save) and asks for the same signed addresses (a playlist's files, by every
 * learner within the same second), and jose's HMAC goes through WebCrypto's thread pool on every call. Both
 * answers here are what jose would give again, so the server behaves as without them.
 */
import type { JWTPayload } from 'jose';

/** How many accepted tokens a verification remembers; when full, the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 20_000;

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * `check` (jose's verification) remembered for the tokens it accepted: a token seen before is answered from memory
 * while its `exp` is in the future (jose's own rule: expired from the second `exp` names), and checked again (so
 * refused as expired) after. Refusals are never remembered.
 */
export function rememberVerified(check: (token: string) => Promise<JWTPayload>) {
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

/**
 * `signAt` (a signature issued at a second, expiring after some seconds) given once per payload and expiry in each
 * second: the token is the same text whoever asks for it in that second.
 */
export function signOncePerSecond(
  signAt: (payload: Record<string, unknown>, now: number, expiresInSeconds: number) => Promise<string>,
) {
  let second = 0;
  const signedThisSecond = new Map<string, Promise<string>>();
  return (payload: Record<string, unknown>, expiresInSeconds: number) => {
    const now = nowInSeconds();
    if (now !== second) {
      second = now;
      signedThisSecond.clear();
    }
    const name = `${expiresInSeconds} ${JSON.stringify(payload)}`;
    const known = signedThisSecond.get(name);
    if (known !== undefined) return known;
    const token = signAt(payload, now, expiresInSeconds);
    signedThisSecond.set(name, token);
    token.catch(() => signedThisSecond.delete(name));
    return token;
  };
}
