import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';

/** The rules every progress save passes through (migrations 20261123000600 and 20261127000300): the database's clock, completion kept and bounded. */
let db: Database | undefined;
afterEach(() => db?.close());

const ADA = '00000000-0000-4000-8000-00000000000a';

/** The statement the embedded REST runs for supabase-js's upsert, as the learner. */
function upsertAsAda(database: Database, row: Record<string, unknown>) {
  return database.transaction(async (tx) => {
    await tx.query('set local role authenticated');
    await tx.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ role: 'authenticated', sub: ADA }),
    ]);
    const names = Object.keys(row).join(', ');
    const updates = Object.keys(row)
      .map((name) => `${name} = excluded.${name}`)
      .join(', ');
    await tx.query(
      `insert into public.lesson_progress (${names})
         select ${names} from json_populate_recordset(null::public.lesson_progress, $1::json)
         on conflict (user_id, lesson_id) do update set ${updates}`,
      [JSON.stringify([row])],
    );
  });
}

const progress = async (database: Database) =>
  database.query<{ position_seconds: number; completed_at: string | null; updated_at: string }>(
    `select position_seconds, to_json(completed_at)#>>'{}' as completed_at, to_json(updated_at)#>>'{}' as updated_at
       from public.lesson_progress where user_id = $1`,
    [ADA],
  );

describe(`saving lesson progress (${databaseKind})`, () => {
  it('keeps the first completion time whatever a later save sends, and stamps each save with the database clock', async () => {
    db = await createTestDatabase();
    await db.exec(`
      insert into auth.users (id, email) values ('${ADA}', 'ada@example.com');
      insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published)
        values (1, 'one', 'One', 'lessons/one.mp4', 40, 1, true);
    `);
    await upsertAsAda(db, { user_id: ADA, lesson_id: 1, position_seconds: 5 });
    const [started] = await progress(db);
    expect(started?.completed_at).toBeNull();

    // A device's completion time a year back is kept within the row's life: not before its first save.
    await upsertAsAda(db, {
      user_id: ADA,
      lesson_id: 1,
      position_seconds: 38,
      completed_at: new Date(Date.now() - 365 * 86_400_000).toISOString(),
    });
    const [completed] = await progress(db);
    expect(Date.parse(completed?.completed_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(started?.updated_at ?? ''),
    );
    await upsertAsAda(db, { user_id: ADA, lesson_id: 1, position_seconds: 3, completed_at: null });
    await upsertAsAda(db, {
      user_id: ADA,
      lesson_id: 1,
      position_seconds: 9,
      completed_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const [later] = await progress(db);
    expect(later?.position_seconds).toBe(9);
    expect(later?.completed_at).toBe(completed?.completed_at);
    expect(Date.parse(later?.updated_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(completed?.updated_at ?? ''),
    );
  });

  it("refuses a learner's own times for the row: they are the database's", async () => {
    db = await createTestDatabase();
    await db.exec(`
      insert into auth.users (id, email) values ('${ADA}', 'ada@example.com');
      insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published)
        values (1, 'one', 'One', 'lessons/one.mp4', 40, 1, true);
    `);
    for (const column of ['updated_at', 'created_at']) {
      await expect(
        upsertAsAda(db, {
          user_id: ADA,
          lesson_id: 1,
          position_seconds: 5,
          [column]: '2001-01-01T00:00:00Z',
        }),
      ).rejects.toMatchObject({ code: '42501' });
    }
    expect(await progress(db)).toEqual([]);
  });
});
