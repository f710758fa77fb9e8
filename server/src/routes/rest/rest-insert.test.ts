// The plain insert supabase-js's insert() sends, served as the caller, on the one table learners insert into
// without updating: the completion view's feedback answer, once per learner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { runAsCaller } from '../../http/caller.ts';
import { createTestApp, signedInToken, testJwtKeys } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
const CY = '00000000-0000-4000-8000-00000000000c';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(`
    insert into auth.users (id, email) values
      ('${ADA}', 'ada@example.com'), ('${BEN}', 'ben@example.com'), ('${CY}', 'cy@example.com');
    insert into public.course_feedback (user_id, rating, comment) values ('${BEN}', 2, 'Too short.');
  `);
  app = await createTestApp(db);
  for (const userId of [ADA, BEN, CY]) await signIn(userId);
});
afterAll(() => db.close());

async function signIn(userId: string) {
  const email = `${userId}@example.com`;
  const token = await signedInToken(db, userId, email);
  tokens.set(userId, token);
}

/** A learner who has not answered yet, signed in. */
async function newLearner(): Promise<string> {
  const userId = crypto.randomUUID();
  await db.query('insert into auth.users (id, email) values ($1, $2)', [userId, `${userId}@example.com`]);
  await signIn(userId);
  return userId;
}

const as = (userId?: string) => appClient(app, EMBEDDED_ANON_KEY, userId && tokens.get(userId));

const answers = () =>
  db.query<{ user_id: string; rating: number; comment: string | null }>(
    'select user_id::text, rating::int as rating, comment from public.course_feedback order by user_id',
  );

describe(`the feedback answer through REST (${databaseKind})`, () => {
  it("records a learner's answer with the insert supabase-js sends, and shows it to them", async () => {
    const ada = as(ADA);
    const sent = await ada
      .from('course_feedback')
      .insert({ user_id: ADA, rating: 4, comment: 'Clear and short.' });
    expect(sent).toMatchObject({ error: null, status: 201, data: null });
    const own = await ada.from('course_feedback').select('rating, comment').maybeSingle();
    expect(own.error).toBeNull();
    expect(own.data).toEqual({ rating: 4, comment: 'Clear and short.' });
    const [stored] = (await answers()).filter((answer) => answer.user_id === ADA);
    expect(stored).toEqual({ user_id: ADA, rating: 4, comment: 'Clear and short.' });
  });

  it("refuses a second answer with PostgREST's duplicate-key error, and keeps the first", async () => {
    const again = await as(ADA).from('course_feedback').insert({ user_id: ADA, rating: 1, comment: null });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      code: '23505',
      message: expect.stringMatching(/^duplicate key value violates unique constraint/),
    });
    expect(Object.keys(again.error ?? {}).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect((await answers()).find((answer) => answer.user_id === ADA)?.rating).toBe(4);
  });

  it('returns the written row when asked, and takes an answer without a comment', async () => {
    const { data, error, status } = await as(CY)
      .from('course_feedback')
      .insert({ user_id: CY, rating: 5 })
      .select('rating, comment');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ rating: 5, comment: null }]);
  });

  it("shows a learner no one else's answer", async () => {
    const { data } = await as(ADA).from('course_feedback').select('user_id, rating');
    expect(data).toEqual([{ user_id: ADA, rating: 4 }]);
    const bens = await as(ADA).from('course_feedback').select('rating').eq('user_id', BEN);
    expect(bens.data).toEqual([]);
  });

  it('refuses an answer in another learner’s name, and anon any read or answer', async () => {
    const forged = await as(ADA).from('course_feedback').insert({ user_id: CY, rating: 1 });
    expect(forged).toMatchObject({ status: 403, error: { code: '42501' } });
    const anonymous = as();
    const write = await anonymous.from('course_feedback').insert({ user_id: ADA, rating: 1 });
    expect(write).toMatchObject({ status: 401, error: { code: '42501' } });
    const read = await anonymous.from('course_feedback').select('rating');
    expect(read).toMatchObject({ status: 401, error: { code: '42501' } });
    expect((await answers()).map((answer) => answer.rating)).toEqual([4, 2, 5]);
  });

  it.each([
    ['a rating below 1', { rating: 0 }, 400, '23514'],
    ['a rating above 5', { rating: 6 }, 400, '23514'],
    ['no rating', { comment: 'Nice.' }, 400, '23502'],
    ['a rating that is no number', { rating: 'five' }, 400, '22P02'],
    ['an empty comment', { rating: 3, comment: '' }, 400, '23514'],
    ['a comment with white space around it', { rating: 3, comment: ' Nice. ' }, 400, '23514'],
    ['a comment over 2,000 characters', { rating: 3, comment: 'x'.repeat(2001) }, 400, '23514'],
    ['a time of its own', { rating: 3, created_at: '2020-01-01T00:00:00Z' }, 403, '42501'],
  ])('refuses %s', async (_label, row, status, code) => {
    const learner = await newLearner();
    const refused = await as(learner)
      .from('course_feedback')
      .insert({ user_id: learner, ...row });
    expect(refused).toMatchObject({ status, error: { code } });
    expect((await answers()).map((answer) => answer.user_id)).not.toContain(learner);
  });

  it('refuses a write with a filter, which neither insert() nor upsert() sends', async () => {
    const learner = await newLearner();
    const response = await app.request(`/rest/v1/course_feedback?user_id=eq.${learner}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get(learner)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: learner, rating: 3 }),
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ code: 'PGRST117' });
    expect((await answers()).map((answer) => answer.user_id)).not.toContain(learner);
  });

  it('takes a comment of exactly 2,000 characters', async () => {
    const learner = await newLearner();
    const sent = await as(learner)
      .from('course_feedback')
      .insert({ user_id: learner, rating: 3, comment: 'y'.repeat(2000) });
    expect(sent.error).toBeNull();
  });

  it('lets no learner change or delete an answer, even their own, at the database', async () => {
    const ada = { role: 'authenticated', claims: { role: 'authenticated', sub: ADA } } as const;
    await expect(
      runAsCaller(db, ada, (tx) => tx.query('update public.course_feedback set rating = 1')),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      runAsCaller(db, ada, (tx) => tx.query('delete from public.course_feedback')),
    ).rejects.toMatchObject({ code: '42501' });
    expect((await answers()).find((answer) => answer.user_id === ADA)?.rating).toBe(4);
  });

  it('lets the service role key read every answer', async () => {
    const service = appClient(app, await testJwtKeys.signServiceRoleKey());
    const { data } = await service.from('course_feedback').select('rating').order('rating');
    expect(data?.map((row) => row.rating)).toEqual([2, 3, 4, 5]);
  });

  it("goes with the learner's account", async () => {
    await db.query('delete from auth.users where id = $1', [BEN]);
    expect((await answers()).map((answer) => answer.user_id)).not.toContain(BEN);
  });
});
