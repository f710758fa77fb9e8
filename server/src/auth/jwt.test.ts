import { createHmac, generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJwtKeys, JwtRejected } from './jwt.ts';

const SECRET = 'unit-test-secret-of-at-least-32-characters';
const keys = createJwtKeys(SECRET, 'https://lenses.example');
const ADA = {
  userId: '00000000-0000-4000-8000-00000000000a',
  email: 'ada@example.com',
  sessionId: '11111111-1111-4111-8111-111111111111',
  expiresInSeconds: 3600,
};
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function refusal(token: string) {
  const error: unknown = await keys.verify(token).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof JwtRejected)) throw new Error(`expected a JwtRejected for ${token}`);
  return { problem: error.problem, message: error.message };
}

describe('createJwtKeys', () => {
  it("signs access tokens with GoTrue's claims, HS256, and verifies them", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await keys.signAccessToken(ADA, now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toMatchObject({
      sub: ADA.userId,
      role: 'authenticated',
      aud: 'authenticated',
      email: ADA.email,
      session_id: ADA.sessionId,
      iss: 'https://lenses.example/auth/v1',
      iat: now,
      exp: now + 3600,
    });
    expect(await keys.verifyCaller(token)).toMatchObject({ role: 'authenticated', sub: ADA.userId });
    expect(await keys.verifyCaller(await keys.signServiceRoleKey())).toMatchObject({ role: 'service_role' });
  });

  it('refuses alg none, other algorithms, a wrong signature, tampered claims and expiry', async () => {
    const token = await keys.signAccessToken(ADA);
    const [header = '', payload = '', signature = ''] = token.split('.');
    const claims: Record<string, unknown> = decodeJwt(token);
    const hmacSigned = (alg: string, secret: string) => {
      const unsigned = `${base64url({ alg, typ: 'JWT' })}.${payload}`;
      return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
    };
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

    expect(await refusal(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toEqual({
      problem: 'malformed',
      message: 'Invalid JWT',
    });
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(SECRET));
    expect(await refusal(hs512)).toMatchObject({ problem: 'malformed' });
    expect(await refusal(hmacSigned('RS256', SECRET))).toMatchObject({ problem: 'malformed' });
    const rs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    expect(await refusal(rs256)).toMatchObject({ problem: 'malformed' });
    expect(await refusal(hmacSigned('HS256', 'another-secret-of-at-least-32-characters'))).toEqual({
      problem: 'bad_signature',
      message: 'Invalid JWT signature',
    });
    for (const change of [{ role: 'service_role' }, { sub: '00000000-0000-4000-8000-00000000000b' }]) {
      expect(await refusal(`${header}.${base64url({ ...claims, ...change })}.${signature}`)).toMatchObject({
        problem: 'bad_signature',
      });
    }
    const expired = await keys.signAccessToken(ADA, Math.floor(Date.now() / 1000) - 7200);
    expect(await refusal(expired)).toEqual({ problem: 'expired', message: 'JWT expired' });
    expect(await refusal('not a token')).toMatchObject({ problem: 'malformed' });
  });

  it('refuses as a caller a valid token whose role is not one the API switches to', async () => {
    const admin = await new SignJWT({ role: 'supabase_admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    await expect(keys.verify(admin)).resolves.toMatchObject({ role: 'supabase_admin' });
    await expect(keys.verifyCaller(admin)).rejects.toMatchObject({ problem: 'malformed' });
  });

  it("holds a user's token to this server's issuer and audience and an expiry, and the project keys to their own rules", async () => {
    const claims = decodeJwt(await keys.signAccessToken(ADA));
    const signed = (payload: Record<string, unknown>) =>
      new SignJWT(Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined)))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(SECRET));
    for (const change of [
      { aud: 'another-project' },
      { aud: undefined },
      { iss: 'https://evil.example/auth/v1' },
      { iss: undefined },
      { exp: undefined },
    ]) {
      await expect(
        keys.verifyCaller(await signed({ ...claims, ...change })),
        JSON.stringify(change),
      ).rejects.toMatchObject({
        problem: 'malformed',
        message: 'Invalid JWT',
      });
    }
    await expect(keys.verifyCaller(await signed(claims))).resolves.toMatchObject({ role: 'authenticated' });
    // Supabase's legacy project keys: issuer "supabase", no audience; the service role key has no expiry here.
    await expect(keys.verifyCaller(await keys.signServiceRoleKey())).resolves.toMatchObject({
      role: 'service_role',
    });
    const anonKey = await signed({ role: 'anon', iss: 'supabase', iat: 1, exp: 4_000_000_000 });
    await expect(keys.verifyCaller(anonKey)).resolves.toMatchObject({ role: 'anon' });
  });

  describe('under a crowd', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("signs a payload once a second: asked again in that second, it answers the same token; the next second's is new", async () => {
      vi.useFakeTimers({ now: new Date('2026-12-04T10:00:00.200Z'), toFake: ['Date'] });
      const url = 'course/lessons/a/540p/segment-000.m4s';
      const first = await keys.signPayload({ url }, 3600);
      vi.setSystemTime(new Date('2026-12-04T10:00:00.900Z'));
      expect(await keys.signPayload({ url }, 3600)).toBe(first);
      expect(await keys.signPayload({ url }, 60)).not.toBe(first);
      expect(await keys.signPayload({ url: 'course/lessons/a/master.m3u8' }, 3600)).not.toBe(first);
      vi.setSystemTime(new Date('2026-12-04T10:00:01.000Z'));
      const next = await keys.signPayload({ url }, 3600);
      expect(next).not.toBe(first);
      const seconds = Date.parse('2026-12-04T10:00:01Z') / 1000;
      expect(decodeJwt(next)).toEqual({ url, iat: seconds, exp: seconds + 3600 });
    });

    it('refuses a token it verified before once it has expired, and a forgery of one it verified', async () => {
      vi.useFakeTimers({ now: new Date('2026-12-04T10:00:00Z'), toFake: ['Date'] });
      const token = await keys.signPayload({ url: 'course/lessons/a/master.m3u8' }, 2);
      expect(await keys.verify(token)).toMatchObject({ url: 'course/lessons/a/master.m3u8' });
      vi.setSystemTime(new Date('2026-12-04T10:00:01.999Z'));
      expect(await keys.verify(token)).toMatchObject({ url: 'course/lessons/a/master.m3u8' });
      const [header = '', , signature = ''] = token.split('.');
      const other = base64url({ ...decodeJwt(token), url: 'course/lessons/b/master.m3u8' });
      expect(await refusal(`${header}.${other}.${signature}`)).toMatchObject({ problem: 'bad_signature' });
      vi.setSystemTime(new Date('2026-12-04T10:00:02Z'));
      expect(await refusal(token)).toEqual({ problem: 'expired', message: 'JWT expired' });

      const access = await keys.signAccessToken({ ...ADA, expiresInSeconds: 60 });
      expect(await keys.verifyCaller(access)).toMatchObject({ sub: ADA.userId });
      vi.setSystemTime(new Date('2026-12-04T10:01:02Z'));
      await expect(keys.verifyCaller(access)).rejects.toThrow('JWT expired');
    });
  });
});
