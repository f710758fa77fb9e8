// A finish worth keeping, through REST as supabase-js sends it: the progress write that completes the last
// published lesson records the finish, a lesson published later does not take it back, and each learner reads
// only her own name and finish (`my_course_record()`).
import { beforeAll, describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

const rest = restCallers({ [ADA]: 'Ada@Example.com', [BEN]: 'ben@example.com' });
const { as } = rest;

beforeAll(async () => {
  await rest.db.exec(`
    insert into public.signups (email, name, consent_version, source) values
      ('ada@example.com', 'Ada Lovelace', 'v1', 'embedded'),
      ('ben@example.com', 'Ben', 'v1', 'embedded');
    insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published) values
      (1, 'one', 'One', 'lessons/one.mp4', 40, 1, true),
      (2, 'two', 'Two', 'lessons/two.mp4', 40, 2, true),
      (3, 'draft', 'Draft', 'lessons/draft.mp4', 40, 3, false);
  `);
});

async function watch(userId: string, lessonId: number) {
  const { error } = await as(userId)
    .from('lesson_progress')
    .upsert(
      { user_id: userId, lesson_id: lessonId, position_seconds: 40, completed_at: new Date().toISOString() },
      { onConflict: 'user_id,lesson_id' },
    );
  expect(error).toBeNull();
}

const recordOf = async (userId?: string) => as(userId).rpc('my_course_record');

describe(`a learner's finish (${databaseKind})`, () => {
  it('is recorded by the write that completes the last published lesson, and kept when a lesson is added', async () => {
    await watch(ADA, 1);
    expect((await recordOf(ADA)).data).toEqual({ name: 'Ada Lovelace', finished_at: null });
    await watch(ADA, 2);
    const finished: unknown = (await recordOf(ADA)).data;
    expect(finished).toEqual({ name: 'Ada Lovelace', finished_at: expect.any(String) });

    await rest.db.exec('update public.lessons set is_published = true where id = 3');
    expect((await recordOf(ADA)).data).toEqual(finished);
    // Watching the new lesson moves nothing: the first finish stays.
    await watch(ADA, 3);
    expect((await recordOf(ADA)).data).toEqual(finished);
  });

  it('shows each learner only her own record, and a visitor nothing', async () => {
    expect((await recordOf(BEN)).data).toEqual({ name: 'Ben', finished_at: null });
    const { data, error } = await as(BEN).from('course_finishes').select('user_id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const visitor = await recordOf();
    expect(visitor.data).toBeNull();
    expect(visitor.error).not.toBeNull();
    const written = await as(BEN).from('course_finishes').insert({ user_id: BEN });
    expect(written.error).not.toBeNull();
  });

  it('records a finish the trigger could not see when she next reads her record, at her last completion', async () => {
    await rest.db.exec(`
      alter table public.lesson_progress disable trigger record_course_finish;
      insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at) values
        ('${BEN}', 1, 40, '2026-11-20T10:00:00Z'), ('${BEN}', 2, 40, '2026-11-21T10:00:00Z'),
        ('${BEN}', 3, 40, '2026-11-22T10:00:00Z');
      alter table public.lesson_progress enable trigger record_course_finish;
    `);
    const { data } = await recordOf(BEN);
    expect(data).toEqual({ name: 'Ben', finished_at: expect.stringMatching(/^2026-11-22T10:00:00/) });
  });

  it('goes with the learner when she is erased', async () => {
    await rest.db.query(`select public.erase_learner('ada@example.com')`);
    const left = await rest.db.query('select 1 from public.course_finishes where user_id = $1', [ADA]);
    expect(left).toEqual([]);
  });
});
