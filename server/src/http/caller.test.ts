import { describe, expect, it } from 'vitest';
import { ANONYMOUS_CALLER, bearerToken, createCallerResolver } from './caller.ts';
import { JwtRejected } from '../auth/jwt.ts';
import { testJwtKeys } from '../../test/test-app.ts';
import { refusedTokens } from '../../test/refused-tokens.ts';
import { EMBEDDED_ANON_KEY } from '../../../supabase/embedded-keys.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const resolve = createCallerResolver({ jwt: testJwtKeys, anonKey: EMBEDDED_ANON_KEY });
const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

describe('the caller of a request', () => {
  it('is anon with the anon key, as supabase-js sends it without a session, or with no key at all', async () => {
    expect(
      await resolve(headers({ apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` })),
    ).toEqual(ANONYMOUS_CALLER);
    expect(await resolve(headers({}))).toEqual(ANONYMOUS_CALLER);
  });

  it("is the signed-in user of a session's access token, with the token's claims", async () => {
    const token = await testJwtKeys.signAccessToken({
      userId: ADA,
      email: 'ada@example.com',
      sessionId: '00000000-0000-4000-8000-0000000000aa',
      expiresInSeconds: 3600,
    });
    const caller = await resolve(headers({ apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}` }));
    expect(caller.role).toBe('authenticated');
    expect(caller.claims).toMatchObject({ role: 'authenticated', sub: ADA, email: 'ada@example.com' });
  });

  it('is the service role for the service role key, in Authorization or alone in apikey', async () => {
    const key = await testJwtKeys.signServiceRoleKey();
    expect((await resolve(headers({ apikey: key, authorization: `Bearer ${key}` }))).role).toBe(
      'service_role',
    );
    expect((await resolve(headers({ apikey: key }))).role).toBe('service_role');
  });

  it('refuses every token this server did not sign as it is, never falling back to anon', async () => {
    for (const { token, message } of await refusedTokens(ADA)) {
      const refused = resolve(headers({ apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}` }));
      await expect(refused).rejects.toThrow(JwtRejected);
      await expect(refused).rejects.toThrow(message);
    }
  });

  it('reads a bearer token case-insensitively and no token from another scheme', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
