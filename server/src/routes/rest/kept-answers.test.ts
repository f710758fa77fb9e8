// "Keep my answers and plan with my account", through REST as supabase-js sends it: only a learner who asks has
// a row, she alone reads and changes it, unticking deletes it, and erasing her account deletes it with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
const ANSWERS = {
  ageGroup: '45-55',
  worries: ['Burnout'],
  dream: 'Vet',
  strengths: ['Mentoring'],
  name: 'Ada',
};

const rest = restCallers({ [ADA]: 'ada@example.com', [BEN]: 'ben@example.com' });
const { as } = rest;

beforeAll(async () => {
  await rest.db.exec(`insert into public.signups (email, name, consent_version, source)
                 values ('ada@example.com', 'Ada', 'v1', 'embedded')`);
});

const keep = (userId: string, row: Record<string, unknown>) =>
  as(userId)
    .from('kept_answers')
    .upsert(
      { user_id: userId, wording: 'Keep my answers.', wording_version: 'keep-answers-test', ...row },
      { onConflict: 'user_id' },
    );

describe(`kept answers through REST (${databaseKind})`, () => {
  it('keeps and updates her own answers and plan, at the database’s time, for her alone', async () => {
    expect(await keep(ADA, { answers: ANSWERS, plan: { first: 'Call Sam' } })).toMatchObject({ error: null });
    expect(await keep(ADA, { answers: ANSWERS, plan: { first: 'Call Sam on Monday' } })).toMatchObject({
      error: null,
    });
    const mine = await as(ADA).from('kept_answers').select('answers, plan, updated_at').maybeSingle();
    expect(mine.data).toMatchObject({ answers: ANSWERS, plan: { first: 'Call Sam on Monday' } });
    expect((await as(BEN).from('kept_answers').select('answers')).data).toEqual([]);
    expect((await as().from('kept_answers').select('answers')).data ?? []).toEqual([]);
  });

  it('refuses a row for someone else, a chosen time, and answers that are not an object or too long', async () => {
    expect((await keep(BEN, { user_id: ADA, answers: ANSWERS })).error).not.toBeNull();
    expect((await keep(BEN, { answers: ANSWERS, updated_at: '2020-01-01T00:00:00Z' })).error).not.toBeNull();
    expect((await keep(BEN, { answers: ['Burnout'] })).error).not.toBeNull();
    expect((await keep(BEN, { answers: { ...ANSWERS, dream: 'x'.repeat(9000) } })).error).not.toBeNull();
    const [ada] = await rest.db.query<{ dream: string }>(
      `select answers->>'dream' as dream from public.kept_answers where user_id = $1`,
      [ADA],
    );
    expect(ada?.dream).toBe('Vet');
  });

  it('unticking deletes only her own row', async () => {
    expect(await keep(BEN, { answers: { ...ANSWERS, name: 'Ben' } })).toMatchObject({ error: null });
    expect((await as(BEN).rpc('forget_my_kept_answers')).error).toBeNull();
    const left = await rest.db.query<{ user_id: string }>('select user_id::text from public.kept_answers');
    expect(left.map((row) => row.user_id)).toEqual([ADA]);
  });

  it('goes with her account when she is erased', async () => {
    await rest.db.query(`select public.erase_learner('ada@example.com')`);
    expect(await rest.db.query('select 1 from public.kept_answers')).toEqual([]);
  });
});
