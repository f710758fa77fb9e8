// Function calls through REST as supabase-js sends them (`rpc`), and the owner check behind the studio: the
// database alone decides who is an owner, and who may call which function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, signedInToken } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const OWNER = '00000000-0000-4000-8000-0000000000c1';
const LEARNER = '00000000-0000-4000-8000-0000000000c2';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db);
  tokens.set(OWNER, await signedInToken(db, OWNER, 'Coach@Example.com'));
  tokens.set(LEARNER, await signedInToken(db, LEARNER, 'learner@example.com'));
  await db.exec(`insert into public.owners (email) values ('coach@example.com')`);
});
afterAll(() => db.close());

const as = (userId?: string) => appClient(app, EMBEDDED_ANON_KEY, userId && tokens.get(userId));

describe(`rpc through REST (${databaseKind})`, () => {
  it('answers is_owner() from the owners table for the caller’s own account, whatever the letter case', async () => {
    expect(await as(OWNER).rpc('is_owner')).toMatchObject({ data: true, error: null, status: 200 });
    expect(await as(LEARNER).rpc('is_owner')).toMatchObject({ data: false, error: null });
    await db.exec(`delete from public.owners`);
    expect((await as(OWNER).rpc('is_owner')).data).toBe(false);
    await db.exec(`insert into public.owners (email) values ('coach@example.com')`);
  });

  it('refuses a visitor the owner check and every function it was not granted', async () => {
    expect(await as().rpc('is_owner')).toMatchObject({ data: null, status: 401, error: { code: '42501' } });
    expect(await as(LEARNER).rpc('assert_owner')).toMatchObject({ status: 403, error: { code: '42501' } });
    expect(await as(LEARNER).rpc('queue_pause_reminders')).toMatchObject({
      status: 403,
      error: { code: '42501' },
    });
  });

  it('passes typed arguments by name and answers a missing function or a bad value as PostgREST does', async () => {
    const stream = await as().rpc('stream_folder', { stream_path: 'lessons/intro/stream/index.m3u8' });
    expect(stream).toMatchObject({ data: 'lessons/intro/stream', error: null });
    expect(
      await as().rpc('lesson_tags_are_valid', { tags: ['AI taking over jobs', 'x'.repeat(61)] }),
    ).toMatchObject({
      data: false,
    });
    expect(await as().rpc('no_such_function')).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    expect(await as().rpc('stream_folder', { other: 1 })).toMatchObject({
      status: 404,
      error: { code: 'PGRST202' },
    });
    expect(await as().rpc('lesson_tags_are_valid', { tags: 'not a list' })).toMatchObject({ status: 400 });
  });

  it('lets the API roles run only the functions meant for them', async () => {
    const callable = await db.query<{ role: string; name: string }>(`
      select r.role, p.proname as name
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        cross join (values ('anon'), ('authenticated')) as r(role)
       where n.nspname = 'public' and has_function_privilege(r.role, p.oid, 'execute')
         and format_type(p.prorettype, null) <> 'trigger'
       order by 1, 2`);
    const of = (role: string) => callable.filter((row) => row.role === role).map((row) => row.name);
    const harmless = ['lesson_tags_are_valid', 'stream_folder'];
    expect(of('anon')).toEqual(harmless);
    expect(of('authenticated').filter((name) => !name.startsWith('studio_'))).toEqual(
      ['is_owner', ...harmless].sort(),
    );
  });

  it('gives a learner and a visitor nothing from any studio function, whatever they pass', async () => {
    const studio = await db.query<{ name: string; args: string[] | null }>(`
      select p.proname as name, p.proargnames as args
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname like 'studio\\_%'`);
    expect(studio.length).toBeGreaterThan(0);
    for (const { name, args } of studio) {
      const nulls = Object.fromEntries((args ?? []).map((arg) => [arg, null]));
      for (const [who, status] of [
        [LEARNER, 403],
        [undefined, 401],
      ] as const) {
        const answer = await as(who).rpc(name, nulls);
        expect(answer, `${name} as ${who ?? 'a visitor'}`).toMatchObject({ data: null, status });
      }
    }
  });
});
