import { describe, expect, it } from 'vitest';
import { hashToken, WRONG_CODES_ALERT_PER_HOUR } from '../../auth/one-time-tokens.ts';
import type { Log, LogLine } from '../../../../supabase/functions/_shared/log.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';
import { authClient, authRequest, db, memoryStorage, openAuthApp, serviceRoleKey } from './auth-test-kit.ts';

openAuthApp();

const verify = (body: Record<string, unknown>) =>
  authRequest('verify', { method: 'POST', body: JSON.stringify(body) });
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const newAddress = () => `coder-${crypto.randomUUID()}@example.com`;

async function generateLink(email: string) {
  const { data, error } = await authClient(serviceRoleKey).admin.generateLink({ type: 'magiclink', email });
  expect(error).toBeNull();
  return { tokenHash: data.properties?.hashed_token ?? '', code: data.properties?.email_otp ?? '' };
}

describe(`sign-in codes (${databaseKind})`, () => {
  /** GoTrue's one answer to every code that does not sign in. */
  const REFUSED = { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' };
  const refusal = async (response: Response) => ({ status: response.status, body: await response.json() });
  const expectRefused = async (response: Response, why: string) =>
    expect(await refusal(response), why).toEqual({ status: 403, body: REFUSED });

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
      `update auth.one_time_tokens
          set expires_at = now() - interval '1 second', code_issued_at = now() - interval '25 hours'
        where token_hash = $1`,
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

  it('counts the /64s of one IPv6 /48 together: a caller cannot walk through its subnets', async () => {
    const limited = await createTestApp(db, { otp: { perIp: { limit: 2, windowSeconds: 60 } } });
    const email = newAddress();
    const { code } = await generateLink(email);
    const from = (remoteAddress: string, token: string) =>
      limited.request(
        '/auth/v1/verify',
        {
          method: 'POST',
          headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'email', email, token }),
        },
        { incoming: { socket: { remoteAddress } } },
      );
    await expectRefused(await from('2001:db8:1:1::1', otherThan(code)), 'first /64');
    await expectRefused(await from('2001:db8:1:2::1', otherThan(code)), 'second /64');
    expect((await from('2001:db8:1:3::1', code)).status).toBe(429);
    expect((await from('2001:db8:1:4::1', code)).status).toBe(429);
    // Another /48 has its own count.
    expect((await from('2001:db8:2:1::1', code)).status).toBe(200);
  });
});

describe(`wrong codes counted per address over a day (${databaseKind})`, () => {
  /** Five wrong codes for each of two e-mails, then a third e-mail: its link and its (right) code. */
  async function tenWrongThenAThirdEmail(email: string) {
    for (let sent = 0; sent < 2; sent += 1) {
      const { code } = await generateLink(email);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await verify({ type: 'email', email, token: otherThan(code) })).status).toBe(403);
      }
    }
    return generateLink(email);
  }

  it('after 10 wrong codes across two e-mails, even a new e-mail’s right code is refused; a link signs in and clears them', async () => {
    const email = newAddress();
    const third = await tenWrongThenAThirdEmail(email);
    expect((await verify({ type: 'email', email, token: third.code })).status).toBe(403);
    // A day later the count has passed.
    await db.query(
      `update auth.users set wrong_code_times = array[now() - interval '25 hours'] || wrong_code_times[2:]
        where email = $1`,
      [email],
    );
    expect((await verify({ type: 'email', email, token: third.code })).status).toBe(200);

    const again = newAddress();
    const three = await tenWrongThenAThirdEmail(again);
    expect((await verify({ type: 'email', email: again, token: three.code })).status).toBe(403);
    // The link proves the mailbox: it signs in, and the address's codes work again.
    expect((await verify({ type: 'magiclink', token_hash: three.tokenHash })).status).toBe(200);
    const four = await generateLink(again);
    expect((await verify({ type: 'email', email: again, token: four.code })).status).toBe(200);
  });

  it('logs one alert line an hour once wrong codes pass the threshold, naming no address', async () => {
    const lines: LogLine[] = [];
    const log: Log = { info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) };
    const watched = await createTestApp(db, { otp: { perIp: { limit: 10_000, windowSeconds: 60 }, log } });
    const attempt = (email: string, token: string) =>
      watched.request('/auth/v1/verify', {
        method: 'POST',
        headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'email', email, token }),
      });
    const email = newAddress();
    const { code } = await generateLink(email);
    await db.query(
      `insert into auth.wrong_code_watch (id, hour, wrong_codes) values (true, date_trunc('hour', now()), $1 - 2)
       on conflict (id) do update set hour = excluded.hour, wrong_codes = excluded.wrong_codes, alerted_hour = null`,
      [WRONG_CODES_ALERT_PER_HOUR],
    );
    const alerts = () => lines.filter((line) => line.event === 'auth.wrong_codes_alert');
    expect((await attempt(email, otherThan(code))).status).toBe(403);
    expect(alerts()).toEqual([]);
    for (let n = 0; n < 3; n += 1) expect((await attempt(email, otherThan(code))).status).toBe(403);
    expect(alerts()).toEqual([expect.objectContaining({ wrong_codes: WRONG_CODES_ALERT_PER_HOUR })]);
    expect(JSON.stringify(lines)).not.toContain(email);
    // The next hour counts afresh.
    await db.query(
      "update auth.wrong_code_watch set hour = hour - interval '1 hour', alerted_hour = alerted_hour - interval '1 hour'",
    );
    expect((await attempt(email, otherThan(code))).status).toBe(403);
    expect(alerts()).toHaveLength(1);
  });
});
