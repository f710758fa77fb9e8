import { SignJWT, decodeJwt } from 'jose';
import { TEST_JWT_SECRET, testJwtKeys } from './test-app.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface RefusedToken {
  label: string;
  token: string;
  /** PostgREST's code for it: PGRST303 for an expired token, PGRST301 for any other. */
  code: 'PGRST301' | 'PGRST303';
  message: string;
}

/**
 * Bearer tokens the API must refuse, each for `userId`: expired, a claim changed after signing, `alg: none`,
 * another algorithm over the same secret, another secret, and a user's token of the right secret for another
 * audience or issuer, or without an expiry.
 */
export async function refusedTokens(userId: string): Promise<RefusedToken[]> {
  const now = Math.floor(Date.now() / 1000);
  const input = { userId, email: 'ada@example.com', sessionId: crypto.randomUUID(), expiresInSeconds: 3600 };
  const valid = await testJwtKeys.signAccessToken(input);
  const [header = '', , signature = ''] = valid.split('.');
  const asServiceRole = encode({ ...decodeJwt(valid), role: 'service_role' });
  const claimsOfValid = { sub: userId, role: 'authenticated', aud: 'authenticated', exp: now + 3600 };
  return [
    {
      label: 'an expired token',
      token: await testJwtKeys.signAccessToken(input, now - 7200),
      code: 'PGRST303',
      message: 'JWT expired',
    },
    {
      label: 'a token whose role was changed after signing',
      token: `${header}.${asServiceRole}.${signature}`,
      code: 'PGRST301',
      message: 'Invalid JWT signature',
    },
    {
      label: 'a token with alg: none',
      token: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claimsOfValid)}.`,
      code: 'PGRST301',
      message: 'Invalid JWT',
    },
    {
      label: 'an HS512 token over the same secret',
      token: await new SignJWT(claimsOfValid)
        .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
        .sign(new TextEncoder().encode(TEST_JWT_SECRET)),
      code: 'PGRST301',
      message: 'Invalid JWT',
    },
    {
      label: 'a token of another secret',
      token: await new SignJWT(claimsOfValid)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters')),
      code: 'PGRST301',
      message: 'Invalid JWT signature',
    },
    { label: 'a token that is no JWT', token: 'not-a-jwt', code: 'PGRST301', message: 'Invalid JWT' },
    ...(await Promise.all(
      [
        { label: 'a token for another audience', change: { aud: 'another-project' } },
        { label: 'a token of another issuer', change: { iss: 'https://evil.example/auth/v1' } },
        { label: 'a token without an expiry', change: { exp: undefined } },
      ].map(async ({ label, change }) => ({
        label,
        token: await signedWithTheSecret({ ...decodeJwt(valid), ...change }),
        code: 'PGRST301' as const,
        message: 'Invalid JWT',
      })),
    )),
  ];
}

/** Claims signed as this server signs, HS256 over its secret; an undefined claim is left out. */
function signedWithTheSecret(claims: Record<string, unknown>): Promise<string> {
  const present = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
  return new SignJWT(present)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}
