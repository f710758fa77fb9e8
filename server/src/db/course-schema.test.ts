import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';

let db: Database | undefined;
afterEach(() => db?.close());

const ADA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

async function courseDatabase(): Promise<Database> {
  const opened = await createTestDatabase();
  await opened.exec(`
    insert into auth.users (id, email) values ('${ADA}', 'ada@example.com'), ('${BEN}', 'ben@example.com');
    insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published)
      values (1, 'one', 'One', 'lessons/one.mp4', 40, 1, true), (2, 'draft', 'Draft', 'lessons/draft.mp4', 40, 2, false);
    insert into public.lesson_progress (user_id, lesson_id, position_seconds) values ('${BEN}', 1, 12);
  `);
  return opened;
}

/** Runs `sql` as PostgREST would for a caller: its role, and its claims in request.jwt.claims. */
function asCaller<T>(database: Database, role: string, sub: string | undefined, sql: string) {
  return database.transaction(async (tx) => {
    await tx.query(`set local role ${role}`);
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ role, sub })]);
    return tx.query<T>(sql);
  });
}

describe(`the course schema under row-level security (${databaseKind})`, () => {
  it('shows published lessons to signed-in learners and none to anon', async () => {
    db = await courseDatabase();
    const learner = await asCaller<{ slug: string }>(
      db,
      'authenticated',
      ADA,
      'select slug from public.lessons',
    );
    expect(learner.map((row) => row.slug)).toEqual(['one']);
    await expect(asCaller(db, 'anon', undefined, 'select slug from public.lessons')).rejects.toThrow(
      /permission denied/,
    );
  });

  it('lets a learner read and write only their own progress', async () => {
    db = await courseDatabase();
    expect(await asCaller(db, 'authenticated', ADA, 'select * from public.lesson_progress')).toEqual([]);
    await asCaller(
      db,
      'authenticated',
      ADA,
      `insert into public.lesson_progress (user_id, lesson_id) values ('${ADA}', 1)`,
    );
    await expect(
      asCaller(
        db,
        'authenticated',
        ADA,
        `insert into public.lesson_progress (user_id, lesson_id) values ('${BEN}', 2)`,
      ),
    ).rejects.toThrow(/row-level security/);
    const changed = await asCaller(
      db,
      'authenticated',
      ADA,
      `update public.lesson_progress set position_seconds = 99 where user_id = '${BEN}' returning 1`,
    );
    expect(changed).toEqual([]);
    const bens = await db.query<{ position_seconds: number }>(
      `select position_seconds from public.lesson_progress where user_id = '${BEN}'`,
    );
    expect(bens).toEqual([{ position_seconds: 12 }]);
  });
});
