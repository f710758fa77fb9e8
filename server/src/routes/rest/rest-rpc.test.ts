// Function calls through REST as supabase-js sends them (`rpc`), and the owner check behind the studio: the
// database alone decides who is an owner, and who may call which function.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { migrate, readMigrations } from '../../db/migrate.ts';
import { createTestApp, signedInToken } from '../../../test/test-app.ts';
import {
  createEmptyPgliteDatabase,
  createTestDatabase,
  databaseKind,
  supabaseFolder,
} from '../../../test/test-database.ts';
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

/**
 * Every function of schema public that the API roles may run, trigger functions included: a visitor the published
 * site words (which every page carries anyway), a signed-in caller the owner check and the studio's functions,
 * each of which checks the owner first.
 */
const API_FUNCTIONS = {
  anon: ['published_site_words'],
  authenticated: [
    'forget_my_kept_answers',
    'is_owner',
    'my_course_record',
    'studio_announcements',
    'studio_change_learner_email',
    'studio_delete_guide',
    'studio_delete_lesson',
    'studio_dismiss_launch_checklist',
    'studio_erase_learner',
    'studio_guides',
    'studio_launch_checklist',
    'studio_learner',
    'studio_learners',
    'studio_lesson_streams',
    'studio_lessons',
    'studio_my_sign_ins',
    'studio_outbox',
    'studio_outbox_emails',
    'studio_overview',
    'studio_publish_site_words',
    'studio_reorder_guides',
    'studio_reorder_lessons',
    'studio_resend_course_email',
    'studio_restore_site_words',
    'studio_retry_email',
    'studio_save_guide',
    'studio_save_lesson',
    'studio_save_site_words',
    'studio_send_announcement',
    'studio_set_guide_active',
    'studio_set_lesson_announcements',
    'studio_set_lesson_published',
    'studio_signup_rows',
    'studio_site_words',
  ],
};

async function callableByApiRoles(database: Database): Promise<Record<string, string[]>> {
  const callable = await database.query<{ role: string; name: string }>(`
    select r.role, p.proname as name
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     cross join (values ('anon'), ('authenticated')) as r(role)
     where n.nspname = 'public' and has_function_privilege(r.role, p.oid, 'execute')
     order by 1, 2`);
  const of = (role: string) => callable.filter((row) => row.role === role).map((row) => row.name);
  return { anon: of('anon'), authenticated: of('authenticated') };
}

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
    const overview = await as(OWNER).rpc('studio_overview', { days: 7 });
    expect(overview).toMatchObject({ error: null, status: 200 });
    expect(overview.data).toMatchObject({ days: Array.from({ length: 7 }, () => expect.anything()) });
    expect(await as().rpc('no_such_function')).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    expect(await as(OWNER).rpc('studio_overview', { other: 1 })).toMatchObject({
      status: 404,
      error: { code: 'PGRST202' },
    });
    expect(await as(OWNER).rpc('studio_overview', { days: 'a week' })).toMatchObject({ status: 400 });
    expect(await as(OWNER).rpc('studio_reorder_guides', { guide_ids: 'not a list' })).toMatchObject({
      status: 400,
    });
  });

  it('refuses a visitor and a learner the helpers that only the database and the server use', async () => {
    for (const [who, status] of [
      [undefined, 401],
      [LEARNER, 403],
    ] as const) {
      expect(
        await as(who).rpc('stream_folder', { stream_path: 'lessons/intro/stream/index.m3u8' }),
      ).toMatchObject({ data: null, status, error: { code: '42501' } });
      expect(await as(who).rpc('lesson_tags_are_valid', { tags: ['x'] })).toMatchObject({
        data: null,
        status,
        error: { code: '42501' },
      });
    }
  });

  it('lets the API roles run only the functions meant for them, and no function made later', async () => {
    expect(await callableByApiRoles(db)).toEqual(API_FUNCTIONS);
    await db.exec(`create function public.made_later() returns int language sql as 'select 1'`);
    try {
      expect(await callableByApiRoles(db)).toEqual(API_FUNCTIONS);
    } finally {
      await db.exec('drop function public.made_later()');
    }
  });

  // On a database of its own, migrated from empty: PGlite's run makes one at no cost.
  it.skipIf(databaseKind !== 'PGlite')(
    'lets the API roles run only those functions where Supabase grants them every new function',
    async () => {
      const hosted = await createEmptyPgliteDatabase();
      try {
        await migrate(hosted, []);
        // What hosted Supabase sets for the role that runs the migrations, before any of them.
        await hosted.exec(`
          grant usage on schema public to anon, authenticated, service_role;
          alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
          alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
          alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
        `);
        await migrate(hosted, await readMigrations(path.join(supabaseFolder, 'migrations')));
        expect(await callableByApiRoles(hosted)).toEqual(API_FUNCTIONS);
        await hosted.exec(`create function public.made_later() returns int language sql as 'select 1'`);
        expect(await callableByApiRoles(hosted)).toEqual(API_FUNCTIONS);
      } finally {
        await hosted.close();
      }
    },
  );

  it('keeps the functions that hold a lesson’s and a guide’s rules from every API caller, the owner too', async () => {
    const inner = await db.query<{ name: string; args: string[] }>(`
      select p.proname as name, p.proargnames as args
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname in ('check_lesson', 'save_lesson', 'save_guide')`);
    expect(inner.map(({ name }) => name).sort()).toEqual(['check_lesson', 'save_guide', 'save_lesson']);
    const before = await db.query(
      'select (select count(*) from public.lessons) + (select count(*) from public.guides) as rows',
    );
    for (const { name, args } of inner) {
      const nulls = Object.fromEntries(args.map((arg) => [arg, null]));
      for (const [who, status] of [
        [OWNER, 403],
        [LEARNER, 403],
        [undefined, 401],
      ] as const) {
        const answer = await as(who).rpc(name, nulls);
        expect(answer, `${name} as ${who ?? 'a visitor'}`).toMatchObject({
          data: null,
          status,
          error: { code: '42501' },
        });
      }
    }
    expect(
      await db.query(
        'select (select count(*) from public.lessons) + (select count(*) from public.guides) as rows',
      ),
    ).toEqual(before);
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
