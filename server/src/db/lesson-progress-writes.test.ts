import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';

/** The rules every progress save passes through (migration 20261123000600): the database's clock, completion kept. */
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
    const longAgo = '2001-01-01T00:00:00+00:00';
    await upsertAsAda(db, { user_id: ADA, lesson_id: 1, position_seconds: 5, updated_at: longAgo });
    const [started] = await progress(db);
    expect(started?.completed_at).toBeNull();
    expect(Date.parse(started?.updated_at ?? '')).toBeGreaterThan(Date.parse(longAgo));

    const completedAt = '2026-11-23T12:00:00+00:00';
    await upsertAsAda(db, { user_id: ADA, lesson_id: 1, position_seconds: 38, completed_at: completedAt });
    await upsertAsAda(db, { user_id: ADA, lesson_id: 1, position_seconds: 3, completed_at: null });
    await upsertAsAda(db, {
      user_id: ADA,
      lesson_id: 1,
      position_seconds: 9,
      completed_at: '2026-12-01T00:00:00+00:00',
      updated_at: longAgo,
    });
    const [later] = await progress(db);
    expect(later?.position_seconds).toBe(9);
    expect(Date.parse(later?.completed_at ?? '')).toBe(Date.parse(completedAt));
    expect(Date.parse(later?.updated_at ?? '')).toBeGreaterThanOrEqual(Date.parse(started?.updated_at ?? ''));
  });
});
