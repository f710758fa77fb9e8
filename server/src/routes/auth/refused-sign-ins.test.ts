import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashToken, issueMagicLinkToken } from '../../auth/one-time-tokens.ts';
import { testJwtKeys } from '../../../test/test-app.ts';
import { databaseKind } from '../../../test/test-database.ts';
import { authClient, authRequest, db, openAuthApp, serviceRoleKey, signIn } from './auth-test-kit.ts';

openAuthApp();

const TEST_SECRET = 'test-jwt-secret-of-at-least-32-characters';

describe(`refused sign-in links (${databaseKind})`, () => {
  const verify = (body: Record<string, unknown>, query = '') =>
    authRequest(`verify${query}`, { method: 'POST', body: JSON.stringify(body) });

  it('answers an unknown, used, expired or malformed token, or one of another type, as GoTrue does', async () => {
    const { token: used } = await issueMagicLinkToken(db, 'used@example.com');
    expect((await verify({ type: 'magiclink', token_hash: used })).status).toBe(200);
    const { token: expired } = await issueMagicLinkToken(db, 'expired@example.com');
    await db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(expired)],
    );
    const { token: otherType } = await issueMagicLinkToken(db, 'signup@example.com');

    for (const [name, tokenHash, type] of [
      ['unknown', 'a'.repeat(64), 'magiclink'],
      ['used', used, 'magiclink'],
      ['expired', expired, 'magiclink'],
      ['malformed', "' or 1=1 --", 'magiclink'],
      ['the hash of a real token', hashToken(otherType), 'magiclink'],
      ['of another type', otherType, 'signup'],
      ['of another type', otherType, 'recovery'],
    ]) {
      const response = await verify({ type, token_hash: tokenHash });
      expect(response.status, name).toBe(403);
      expect(await response.json(), name).toEqual({
        code: 403,
        error_code: 'otp_expired',
        msg: 'Email link is invalid or has expired',
      });
    }
    // A refusal for the wrong type did not spend the token.
    expect((await verify({ type: 'email', token_hash: otherType })).status).toBe(200);

    const viaClient = await authClient().verifyOtp({ token_hash: used, type: 'magiclink' });
    expect(viaClient.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
    expect(viaClient.data.session).toBeNull();
  });

  it('refuses requests that are not a sign-in link or code', async () => {
    expect((await verify({ type: 'sms', token_hash: 'a'.repeat(64) })).status).toBe(400);
    expect((await verify({ type: 'magiclink' })).status).toBe(400);
    const offSite = await verify(
      { type: 'magiclink', token_hash: (await issueMagicLinkToken(db, 'redirect@example.com')).token },
      '?redirect_to=https%3A%2F%2Fevil.example%2F',
    );
    expect(offSite.status).toBe(400);
    expect(await offSite.json()).toMatchObject({ error_code: 'validation_failed' });

    const notJson = await authRequest('verify', { method: 'POST', body: '{"type":' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error_code: 'bad_json' });
    const huge = await verify({ type: 'magiclink', token_hash: 'a'.repeat(10_000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error_code: 'request_entity_too_large' });

    const password = await authRequest('token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: 'used@example.com', password: 'guess' }),
    });
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({
      error_code: 'invalid_credentials',
      msg: 'unsupported_grant_type',
    });
    const malformed = await authRequest('token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: 'short' }),
    });
    expect(await malformed.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
  });

  it('answers in the shape of the API version auth-js asks for', async () => {
    const response = await authRequest('verify', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ type: 'magiclink', token_hash: 'b'.repeat(64) }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
  });

  it('takes only the anon key or the service role key as apikey', async () => {
    const wrong = await authRequest('user', { headers: { apikey: 'sb_publishable_someone_else' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
    const { session } = await signIn();
    const asUserKey = await authRequest('user', {
      headers: { apikey: session.access_token, authorization: `Bearer ${session.access_token}` },
    });
    expect(asUserKey.status).toBe(401);
    const asServiceKey = await authRequest('user', {
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(asServiceKey.status).toBe(200);
  });
});

describe(`refused access tokens at /auth/v1/user (${databaseKind})`, () => {
  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const secret = new TextEncoder().encode(TEST_SECRET);

  async function tokens() {
    const { session } = await signIn();
    const [header = '', payload = '', signature = ''] = session.access_token.split('.');
    const claims: Record<string, unknown> = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = (change: Record<string, unknown>) =>
      `${header}.${base64url({ ...claims, ...change })}.${signature}`;
    const hmac = (alg: string, key: string | Uint8Array) => {
      const unsigned = `${base64url({ alg, typ: 'JWT' })}.${payload}`;
      return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
    };
    return {
      'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      HS512: await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret),
      'RS256 signed with the secret as its public key': hmac('RS256', TEST_SECRET),
      'another secret': hmac('HS256', 'another-secret-of-at-least-32-characters'),
      'role tampered': tampered({ role: 'service_role' }),
      'sub tampered': tampered({ sub: crypto.randomUUID() }),
      expired: await testJwtKeys.signAccessToken(
        {
          userId: String(claims.sub),
          email: String(claims.email),
          sessionId: String(claims.session_id),
          expiresInSeconds: 3600,
        },
        Math.floor(Date.now() / 1000) - 7200,
      ),
      'the service role key': serviceRoleKey,
    };
  }

  it('refuses each with 403 bad_jwt in GoTrue shape, a bad signature as "Invalid JWT signature"', async () => {
    const expected: Record<string, string> = {
      'alg none': 'Invalid JWT',
      HS512: 'Invalid JWT',
      'RS256 signed with the secret as its public key': 'Invalid JWT',
      'another secret': 'Invalid JWT signature',
      'role tampered': 'Invalid JWT signature',
      'sub tampered': 'Invalid JWT signature',
      expired: 'JWT expired',
      'the service role key': 'invalid claim: missing sub claim',
    };
    for (const [name, token] of Object.entries(await tokens())) {
      const response = await authRequest('user', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, name).toBe(403);
      expect(await response.json(), name).toEqual({ code: 403, error_code: 'bad_jwt', msg: expected[name] });
    }
    const missing = await authRequest('user');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error_code: 'no_authorization' });
  });

  it('hands supabase-js the refusal as an AuthApiError', async () => {
    const { 'another secret': forged } = await tokens();
    const { data, error } = await authClient().getUser(forged);
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'Invalid JWT signature' });
  });
});
