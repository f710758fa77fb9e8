/** For the api tests: a session as GoTrue answers and supabase-js stores it, and GoTrue's refusals. */

/** Where supabase-js keeps the session of a client of this page's origin. */
export const STORAGE_KEY = 'sb-localhost-auth-token';
export const nowSeconds = () => Math.floor(Date.now() / 1000);

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const accessToken = (expiresAt: number) =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: 'user-1', role: 'authenticated', aud: 'authenticated', exp: expiresAt })}.c2lnbmF0dXJl`;

/** The session of user-1 (ada@example.com), ending at `expiresAt` (seconds), an hour from now unless told. */
export function sessionBody(expiresAt = nowSeconds() + 3600) {
  return {
    access_token: accessToken(expiresAt),
    token_type: 'bearer',
    expires_in: expiresAt - nowSeconds(),
    expires_at: expiresAt,
    refresh_token: 'refresh-1',
    user: { id: 'user-1', aud: 'authenticated', role: 'authenticated', email: 'ada@example.com' },
  };
}

export const goTrueError = (status: number, code: string, message: string) =>
  Response.json({ code: status, error_code: code, msg: message }, { status });
