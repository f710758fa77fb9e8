import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/one-time-tokens.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';
import { authClient, authRequest, db, openAuthApp, serviceRoleKey, signIn, SITE } from './auth-test-kit.ts';

openAuthApp();

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
