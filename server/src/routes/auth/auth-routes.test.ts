import { createHmac } from 'node:crypto';
import { AuthClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, issueMagicLinkToken } from '../../auth/one-time-tokens.ts';
import type { Database } from '../../db/database.ts';
import { createTestApp, testJwtKeys } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const SITE = 'https://lenses.example';
const TEST_SECRET = 'test-jwt-secret-of-at-least-32-characters';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
let serviceRoleKey: string;

beforeAll(async () => {
  db = await createTestDatabase();
  // Far above the per-IP rule of a real server: these tests sign in many times from one address.
  app = await createTestApp(db, { otp: { perIp: { limit: 10_000, windowSeconds: 60 } } });
  serviceRoleKey = await testJwtKeys.signServiceRoleKey();
});
afterAll(() => db.close());

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/**
 * supabase-js's auth client (what `createClient(...).auth` is), sending what createClient makes it send, its
 * requests answered by the app in-process. The whole client is not built here: its realtime part needs a
 * WebSocket, which Node 20 lacks.
 */
function authClient(key = EMBEDDED_ANON_KEY, storage = memoryStorage()) {
  return new AuthClient({
    url: `${SITE}/auth/v1`,
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    storage,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    fetch: (input, init) =>
      Promise.resolve(app.request(input instanceof Request ? input : String(input), init)),
  });
}

async function signIn(email = `learner-${crypto.randomUUID()}@example.com`) {
  const storage = memoryStorage();
  const client = authClient(EMBEDDED_ANON_KEY, storage);
  const { data, error } = await client.verifyOtp({
    token_hash: (await issueMagicLinkToken(db, email)).token,
    type: 'magiclink',
  });
  expect(error).toBeNull();
  if (!data.session) throw new Error('no session');
  return { client, storage, session: data.session };
}

/** Makes a spent refresh token look spent longer ago than the reuse interval. */
async function ageRefreshToken(refreshToken: string) {
  await db.query(
    `update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token_hash = $1`,
    [hashToken(refreshToken)],
  );
}

/** The rows of the session an access token names. */
async function sessionRows(accessToken: string): Promise<number> {
  const rows = await db.query('select 1 from auth.sessions where id = $1', [
    decodeJwt(accessToken).session_id,
  ]);
  return rows.length;
}

async function liveRefreshTokens(accessToken: string): Promise<number> {
  const rows = await db.query('select 1 from auth.refresh_tokens where session_id = $1 and not revoked', [
    decodeJwt(accessToken).session_id,
  ]);
  return rows.length;
}

const authRequest = (path: string, init: RequestInit = {}) =>
  app.request(`/auth/v1/${path}`, {
    ...init,
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json', ...init.headers },
  });

describe(`embedded GoTrue through supabase-js (${databaseKind})`, () => {
  it('signs in with a link, reads the user, rotates refresh tokens and signs out', async () => {
    const { client, storage, session } = await signIn('Ada@Example.com');
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.user).toMatchObject({
      email: 'Ada@Example.com',
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [{ provider: 'email', identity_data: { email_verified: true } }],
    });
    expect(storage.items.size).toBe(1);

    const { data: read } = await client.getUser();
    expect(read.user?.id).toBe(session.user.id);
    expect(read.user?.email_confirmed_at).toBeDefined();

    const { data: refreshed, error } = await client.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session?.refresh_token).not.toBe(session.refresh_token);
    expect((await client.getUser()).data.user?.email).toBe('Ada@Example.com');

    expect((await client.signOut()).error).toBeNull();
    expect(storage.items.size).toBe(0);
    const afterSignOut = await authClient().getUser(refreshed.session?.access_token);
    expect(afterSignOut.error?.name).toBe('AuthSessionMissingError');
    const stale = await authClient().refreshSession({
      refresh_token: refreshed.session?.refresh_token ?? '',
    });
    expect(stale.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('takes a spent refresh token reused after the reuse interval as stolen and ends the whole session', async () => {
    const { client, session } = await signIn();
    const { data: rotated } = await client.refreshSession();
    const current = rotated.session;
    if (!current) throw new Error('no rotated session');
    await ageRefreshToken(session.refresh_token);

    const thief = await authClient().refreshSession({ refresh_token: session.refresh_token });
    expect(thief.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const owner = await authClient().refreshSession({ refresh_token: current.refresh_token });
    expect(owner.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await authClient().getUser(current.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('answers a spent refresh token reused within the reuse interval with the token already issued', async () => {
    const { session } = await signIn();
    const [first, second] = await Promise.all([
      authClient().refreshSession({ refresh_token: session.refresh_token }),
      authClient().refreshSession({ refresh_token: session.refresh_token }),
    ]);
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    const child = first.data.session?.refresh_token ?? '';
    expect(child).toMatch(/^[0-9a-f]{64}$/);
    // Two tabs refreshing at once share one child: the session never forks.
    expect(second.data.session?.refresh_token).toBe(child);
    const again = await authClient().refreshSession({ refresh_token: session.refresh_token });
    expect(again.data.session?.refresh_token).toBe(child);
    const claims = (token = '') => decodeJwt(token);
    expect(claims(again.data.session?.access_token).session_id).toBe(claims(session.access_token).session_id);
    const user = await authClient().getUser(second.data.session?.access_token);
    expect(user.data.user?.id).toBe(session.user.id);
    expect(await liveRefreshTokens(session.access_token)).toBe(1);

    // The child goes on as usual; the first token, replayed later, then ends the whole session.
    const next = await authClient().refreshSession({ refresh_token: child });
    expect(next.error).toBeNull();
    await ageRefreshToken(session.refresh_token);
    const replayed = await authClient().refreshSession({ refresh_token: session.refresh_token });
    expect(replayed.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    for (const token of [child, next.data.session?.refresh_token ?? '']) {
      const refused = await authClient().refreshSession({ refresh_token: token });
      expect(refused.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    }
    expect(await sessionRows(session.access_token)).toBe(0);
  });

  it('refuses to refresh a session older than its maximum lifetime, and ends it', async () => {
    const { session } = await signIn();
    const { session_id: sessionId } = decodeJwt(session.access_token);
    const startedAgo = (days: number) =>
      db.query(`update auth.sessions set created_at = now() - make_interval(days => $2) where id = $1`, [
        sessionId,
        days,
      ]);
    await startedAgo(29);
    const young = await authClient().refreshSession({ refresh_token: session.refresh_token });
    expect(young.error).toBeNull();
    await startedAgo(31);
    const old = await authClient().refreshSession({ refresh_token: young.data.session?.refresh_token ?? '' });
    expect(old.error).toMatchObject({
      status: 400,
      code: 'session_expired',
      message: 'Invalid Refresh Token: Session Expired',
    });
    expect(await sessionRows(session.access_token)).toBe(0);

    const shortLived = await createTestApp(db, { sessionMaxLifetimeSeconds: 60 });
    const other = await signIn();
    await db.query(`update auth.sessions set created_at = now() - interval '61 seconds' where id = $1`, [
      decodeJwt(other.session.access_token).session_id,
    ]);
    const response = await shortLived.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: other.session.refresh_token }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'session_expired' });
  });

  it('signs out one session, the others, or all of them', async () => {
    const email = `three-devices-${crypto.randomUUID()}@example.com`;
    const [laptop, phone, tablet] = [await signIn(email), await signIn(email), await signIn(email)];
    const alive = async (session: { access_token: string }) =>
      (await authClient().getUser(session.access_token)).error === null;

    expect((await phone.client.signOut({ scope: 'others' })).error).toBeNull();
    expect([await alive(laptop.session), await alive(phone.session), await alive(tablet.session)]).toEqual([
      false,
      true,
      false,
    ]);
    expect(phone.storage.items.size).toBe(1);
    expect((await phone.client.signOut({ scope: 'local' })).error).toBeNull();
    expect(await alive(phone.session)).toBe(false);
    expect(phone.storage.items.size).toBe(0);

    const response = await authRequest('logout?scope=everywhere', {
      method: 'POST',
      headers: { authorization: `Bearer ${laptop.session.access_token}` },
    });
    expect(response.status).toBe(400);
  });

  it('makes a link for the service role only, back to this site only', async () => {
    const admin = authClient(serviceRoleKey).admin;
    const { data, error } = await admin.generateLink({
      type: 'magiclink',
      email: 'New.Learner@Example.com',
      options: { redirectTo: `${SITE}/course` },
    });
    expect(error).toBeNull();
    const hashedToken = data.properties?.hashed_token ?? '';
    expect(data.properties).toMatchObject({
      verification_type: 'magiclink',
      redirect_to: `${SITE}/course`,
      action_link: `${SITE}/course?token_hash=${hashedToken}&type=magiclink`,
    });
    expect(data.user).toMatchObject({
      email: 'New.Learner@example.com',
      identities: [{ provider: 'email' }],
    });
    const signedIn = await authClient().verifyOtp({ token_hash: hashedToken, type: 'magiclink' });
    expect(signedIn.data.user?.id).toBe(data.user?.id);

    const asVisitor = await authClient().admin.generateLink({
      type: 'magiclink',
      email: 'x@example.com',
    });
    expect(asVisitor.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    const asLearner = authClient(EMBEDDED_ANON_KEY);
    await asLearner.setSession(signedIn.data.session ?? { access_token: '', refresh_token: '' });
    const learnerLink = await authRequest('admin/generate_link', {
      method: 'POST',
      headers: { authorization: `Bearer ${signedIn.data.session?.access_token}` },
      body: JSON.stringify({ type: 'magiclink', email: 'x@example.com' }),
    });
    expect(learnerLink.status).toBe(403);
    expect(await learnerLink.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });

    const signup = await admin.generateLink({
      type: 'signup',
      email: 'x@example.com',
      password: 'unused-password',
    });
    expect(signup.error).toMatchObject({ status: 400, code: 'validation_failed' });
    for (const redirectTo of [
      'https://evil.example/course',
      'https://lenses.example.evil.example/course',
      'https://lenses.example@evil.example/course',
      '//evil.example/course',
      'javascript:alert(1)',
    ]) {
      const offSite = await admin.generateLink({
        type: 'magiclink',
        email: 'x@example.com',
        options: { redirectTo },
      });
      expect(offSite.error, redirectTo).toMatchObject({ status: 400, code: 'validation_failed' });
    }
  });
});

describe(`sign-in codes (${databaseKind})`, () => {
  const verify = (body: Record<string, unknown>) =>
    authRequest('verify', { method: 'POST', body: JSON.stringify(body) });
  /** GoTrue's one answer to every code that does not sign in. */
  const REFUSED = { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' };
  const refusal = async (response: Response) => ({ status: response.status, body: await response.json() });
  const expectRefused = async (response: Response, why: string) =>
    expect(await refusal(response), why).toEqual({ status: 403, body: REFUSED });
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const newAddress = () => `coder-${crypto.randomUUID()}@example.com`;

  async function generateLink(email: string) {
    const { data, error } = await authClient(serviceRoleKey).admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    return { tokenHash: data.properties?.hashed_token ?? '', code: data.properties?.email_otp ?? '' };
  }

  it('signs in with the address and the code, through supabase-js, as a link does', async () => {
    const email = newAddress();
    const { code } = await generateLink(email);
    expect(code).toMatch(/^\d{6}$/);
    const storage = memoryStorage();
    const { data, error } = await authClient(EMBEDDED_ANON_KEY, storage).verifyOtp({
      email: email.toUpperCase(),
      token: code,
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.user).toMatchObject({ email, identities: [{ identity_data: { email_verified: true } }] });
    expect(storage.items.size).toBe(1);

    const again = await generateLink(email);
    const asMagicLink = await authClient().verifyOtp({ email, token: again.code, type: 'magiclink' });
    expect(asMagicLink.error).toBeNull();
    expect(asMagicLink.data.user?.id).toBe(data.user?.id);
  });

  it('voids a code after five wrong ones: the right one is then refused, in the same words', async () => {
    const email = newAddress();
    const { code, tokenHash } = await generateLink(email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expectRefused(
        await verify({ type: 'email', email, token: otherThan(code) }),
        `wrong code ${attempt}`,
      );
    }
    await expectRefused(await verify({ type: 'email', email, token: code }), 'the right code, sixth');
    const viaClient = await authClient().verifyOtp({ email, token: code, type: 'email' });
    expect(viaClient.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // The link is another secret, which no guess came near: it still signs in.
    expect((await verify({ type: 'email', token_hash: tokenHash })).status).toBe(200);
    const { code: next } = await generateLink(email);
    expect((await verify({ type: 'email', email, token: next })).status).toBe(200);
  });

  it("answers an expired code, another address's code, an unknown address and a malformed code alike", async () => {
    const [ada, ben] = [newAddress(), newAddress()];
    const adas = await generateLink(ada);
    const bens = await generateLink(ben);
    await db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(adas.tokenHash)],
    );
    await expectRefused(await verify({ type: 'email', email: ada, token: adas.code }), 'expired');
    if (adas.code !== bens.code) {
      await expectRefused(await verify({ type: 'email', email: ben, token: adas.code }), "another's code");
    }
    await expectRefused(await verify({ type: 'email', email: newAddress(), token: bens.code }), 'unknown');
    for (const type of ['signup', 'recovery', 'invite', 'email_change']) {
      await expectRefused(await verify({ type, email: ben, token: bens.code }), type);
    }
    await expectRefused(await verify({ type: 'email', phone: '+15555550100', token: bens.code }), 'phone');
    expect((await verify({ type: 'email', email: ben, token: bens.code })).status).toBe(200);

    // Malformed codes are wrong codes: five of them void the address's code.
    const cy = newAddress();
    const cys = await generateLink(cy);
    for (const malformed of ['12345', '1234567', 'abcdef', `${cys.code} `, "' or 1=1 --"]) {
      await expectRefused(await verify({ type: 'email', email: cy, token: malformed }), malformed);
    }
    await expectRefused(await verify({ type: 'email', email: cy, token: cys.code }), 'after five malformed');
  });

  it("leaves an e-mail's link usable once after its code, and its code once after its link", async () => {
    const [ada, ben] = [newAddress(), newAddress()];
    const linkRefusal = {
      status: 403,
      body: { code: 403, error_code: 'otp_expired', msg: 'Email link is invalid or has expired' },
    };
    const adas = await generateLink(ada);
    expect((await verify({ type: 'email', email: ada, token: adas.code })).status).toBe(200);
    expect((await verify({ type: 'email', token_hash: adas.tokenHash })).status).toBe(200);
    expect(await refusal(await verify({ type: 'email', token_hash: adas.tokenHash }))).toEqual(linkRefusal);
    await expectRefused(await verify({ type: 'email', email: ada, token: adas.code }), 'a spent code');

    const bens = await generateLink(ben);
    expect((await verify({ type: 'email', token_hash: bens.tokenHash })).status).toBe(200);
    const { data, error } = await authClient().verifyOtp({ email: ben, token: bens.code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(ben);
    await expectRefused(await verify({ type: 'email', email: ben, token: bens.code }), 'a spent code');
    expect(await refusal(await verify({ type: 'email', token_hash: bens.tokenHash }))).toEqual(linkRefusal);
  });

  it('lets only the newest e-mail sign in, its link and then its code; a new e-mail voids a half-spent one', async () => {
    const email = newAddress();
    const first = await generateLink(email);
    expect((await verify({ type: 'email', token_hash: first.tokenHash })).status).toBe(200);
    const second = await generateLink(email);
    if (first.code !== second.code) {
      await expectRefused(await verify({ type: 'email', email, token: first.code }), 'code of a link spent');
    }
    expect((await verify({ type: 'email', email, token: second.code })).status).toBe(200);
    const newest = await generateLink(email);
    for (const voided of [first, second]) {
      expect((await verify({ type: 'email', token_hash: voided.tokenHash })).status).toBe(403);
      if (voided.code !== newest.code) {
        await expectRefused(await verify({ type: 'email', email, token: voided.code }), 'an earlier code');
      }
    }
    expect((await verify({ type: 'email', token_hash: newest.tokenHash })).status).toBe(200);
    expect((await verify({ type: 'email', email, token: newest.code })).status).toBe(200);
    for (const { tokenHash, code } of [first, second, newest]) {
      expect((await verify({ type: 'email', token_hash: tokenHash })).status).toBe(403);
      await expectRefused(await verify({ type: 'email', email, token: code }), 'after the sign-ins');
    }
    const live = await db.query(
      `select 1 from auth.one_time_tokens t join auth.users u on u.id = t.user_id
        where u.email = $1 and (t.used_at is null or t.code_used_at is null)`,
      [email],
    );
    expect(live).toEqual([]);
  });

  it('refuses a request that names both a token and a hash, neither an address nor a phone, or a bad address', async () => {
    const email = newAddress();
    const { code, tokenHash } = await generateLink(email);
    const both = await verify({ type: 'email', email, token: code, token_hash: tokenHash });
    expect(await refusal(both)).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Verify requires either a token or a token hash' },
    });
    const noAddress = await verify({ type: 'email', token: code });
    expect(await refusal(noAddress)).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed' },
    });
    const twoAddresses = await verify({ type: 'email', email, phone: '+15555550100', token: code });
    expect(twoAddresses.status).toBe(400);
    const badAddress = await verify({ type: 'email', email: 'not-an-address', token: code });
    expect(await refusal(badAddress)).toEqual({
      status: 422,
      body: { code: 422, error_code: 'validation_failed', msg: 'Invalid email format' },
    });
    expect((await verify({ type: 'email', email, token: code })).status).toBe(200);
  });

  it('answers a caller over the per-IP rule with 429, codes and links alike', async () => {
    const limited = await createTestApp(db, { otp: { perIp: { limit: 2, windowSeconds: 60 } } });
    const email = newAddress();
    const { code } = await generateLink(email);
    const attempt = (body: Record<string, unknown>) =>
      limited.request('/auth/v1/verify', {
        method: 'POST',
        headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await expectRefused(await attempt({ type: 'email', email, token: otherThan(code) }), 'first');
    await expectRefused(await attempt({ type: 'email', email, token: otherThan(code) }), 'second');
    const over = await attempt({ type: 'email', email, token: code });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    });
    expect((await attempt({ type: 'magiclink', token_hash: 'a'.repeat(64) })).status).toBe(429);
    // Refused before it was looked at: the code was not counted, and still signs in elsewhere.
    expect((await verify({ type: 'email', email, token: code })).status).toBe(200);
  });
});

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
