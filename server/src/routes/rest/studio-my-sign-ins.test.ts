// The owner's last sign-ins in the studio: each sign-in of an owner's account, by link or by code, newest first,
// at most 10; nobody else's, and nobody but an owner may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueMagicLinkToken } from '../../auth/one-time-tokens.ts';
import type { Database } from '../../db/database.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db, { otp: { perIp: { limit: 10_000, windowSeconds: 60 } } });
  await db.exec(`insert into public.owners (email) values ('coach@example.com')`);
});
afterAll(() => db.close());

/** Signs `email` in through /auth/v1/verify with a fresh link, or its code, and returns the access token. */
async function signIn(email: string, by: 'link' | 'code'): Promise<string> {
  const { token, code } = await issueMagicLinkToken(db, email);
  const body =
    by === 'link' ? { type: 'magiclink', token_hash: token } : { type: 'email', email, token: code };
  const answer = await app.request('/auth/v1/verify', {
    method: 'POST',
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

const mySignIns = (accessToken: string) =>
  appClient(app, EMBEDDED_ANON_KEY, accessToken).rpc('studio_my_sign_ins');

describe(`the owner's last sign-ins (${databaseKind})`, () => {
  it('lists the owner’s sign-ins newest first, by link or code, keeping the last 10', async () => {
    await signIn('Coach@Example.com', 'link');
    const token = await signIn('coach@example.com', 'code');
    const { data, error } = await mySignIns(token);
    expect(error).toBeNull();
    expect(data).toEqual([
      { at: expect.any(String), method: 'code' },
      { at: expect.any(String), method: 'link' },
    ]);
    const [newest, older] = (data as { at: string }[]).map((entry) => Date.parse(entry.at));
    expect(newest).toBeGreaterThanOrEqual(older ?? Number.NaN);

    for (let n = 0; n < 10; n += 1) await signIn('coach@example.com', 'code');
    const many = await mySignIns(token);
    expect(many.data).toHaveLength(10);
    expect((many.data as { method: string }[]).every((entry) => entry.method === 'code')).toBe(true);
  });

  it('records no learner’s sign-ins, and refuses a learner and a visitor', async () => {
    const learner = await signIn('learner@example.com', 'link');
    expect(await mySignIns(learner)).toMatchObject({ status: 403, error: { code: '42501' } });
    expect(await appClient(app, EMBEDDED_ANON_KEY).rpc('studio_my_sign_ins')).toMatchObject({ status: 401 });
    expect(
      await db.query(`select 1 from public.owners where recent_sign_ins::text like '%learner%'`),
    ).toEqual([]);
  });
});
