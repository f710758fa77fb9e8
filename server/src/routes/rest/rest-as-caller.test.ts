import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, signedInToken, TEST_JWT_SECRET, testJwtKeys } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../../test/test-database.ts';
import { refusedTokens } from '../../../test/refused-tokens.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adaToken: string;
let benToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(`
    insert into auth.users (id, email) values ('${ADA}', 'ada@example.com'), ('${BEN}', 'ben@example.com');
    insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published) values
      (1, 'welcome', 'Welcome', 'lessons/welcome.mp4', 40, 1, true),
      (2, 'draft', 'Draft', 'lessons/draft.mp4', 40, 3, false),
      (3, 'seeing', 'Seeing', 'lessons/seeing.mp4', 50, 2, true);
    insert into public.lesson_progress (user_id, lesson_id, position_seconds) values ('${BEN}', 1, 12);
  `);
  app = await createTestApp(db);
  const session = (userId: string, email: string) => signedInToken(db, userId, email);
  adaToken = await session(ADA, 'ada@example.com');
  benToken = await session(BEN, 'ben@example.com');
});
afterAll(() => db.close());

const client = (accessToken?: string) => appClient(app, EMBEDDED_ANON_KEY, accessToken);

const progressOf = (userId: string) =>
  db.query<{ lesson_id: number; position_seconds: number }>(
    'select lesson_id::int as lesson_id, position_seconds from public.lesson_progress where user_id = $1 order by 1',
    [userId],
  );

describe(`REST as the caller (${databaseKind})`, () => {
  it('shows anon no lesson', async () => {
    const { data, error, status } = await client().from('lessons').select('slug');
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501' });
    expect((await app.request('/rest/v1/lessons?select=slug')).status).toBe(401);
  });

  it('shows a learner the published lessons only, in order', async () => {
    const ada = client(adaToken);
    const { data, error } = await ada
      .from('lessons')
      .select('slug, title, duration_seconds')
      .order('order_index');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'welcome', title: 'Welcome', duration_seconds: 40 },
      { slug: 'seeing', title: 'Seeing', duration_seconds: 50 },
    ]);
    const drafts = await ada.from('lessons').select('slug').eq('is_published', false);
    expect(drafts.data).toEqual([]);
  });

  it("keeps a learner's role and claims to their own transaction: the next anonymous read is anon again", async () => {
    expect((await client(adaToken).from('lessons').select('slug')).status).toBe(200);
    const { status, error } = await client().from('lessons').select('slug');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501' });
    const [settings] = await db.query<{ role: string; claims: string | null }>(
      "select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims",
    );
    expect(settings?.claims ?? null).toBeNull();
    expect(settings?.role).not.toBe('authenticated');
  });

  it("shows a learner none of another learner's progress", async () => {
    const ada = client(adaToken);
    expect((await ada.from('lesson_progress').select('*')).data).toEqual([]);
    expect((await ada.from('lesson_progress').select('*').eq('user_id', BEN)).data).toEqual([]);
    const bens = await client(benToken).from('lesson_progress').select('lesson_id, position_seconds');
    expect(bens.data).toEqual([{ lesson_id: 1, position_seconds: 12 }]);
  });

  it("never serves one learner's answer to another, even for the same query at the same moment", async () => {
    const query = '/rest/v1/lesson_progress?select=lesson_id';
    const [ben, ada] = await Promise.all(
      [benToken, adaToken].map((token) =>
        app.request(query, { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    expect(await ben?.json()).toEqual([{ lesson_id: 1 }]);
    expect(await ada?.json()).toEqual([]);
    expect(ada?.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('records and updates a learner’s own progress with the upsert supabase-js sends', async () => {
    const ada = client(adaToken);
    const first = await ada
      .from('lesson_progress')
      .upsert({ user_id: ADA, lesson_id: 1, position_seconds: 7.5 }, { onConflict: 'user_id,lesson_id' });
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    expect(first.data).toBeNull();
    const again = await ada
      .from('lesson_progress')
      .upsert(
        { user_id: ADA, lesson_id: 1, position_seconds: 30, completed_at: '2026-11-23T12:00:00Z' },
        { onConflict: 'user_id,lesson_id' },
      )
      .select('lesson_id, position_seconds');
    expect(again.error).toBeNull();
    expect(again.data).toEqual([{ lesson_id: 1, position_seconds: 30 }]);
    expect(await progressOf(ADA)).toEqual([{ lesson_id: 1, position_seconds: 30 }]);
  });

  it('writes several rows at once, as upsert of an array sends them', async () => {
    const { error } = await client(adaToken)
      .from('lesson_progress')
      .upsert(
        [
          { user_id: ADA, lesson_id: 1, position_seconds: 31 },
          { user_id: ADA, lesson_id: 3, position_seconds: 2 },
        ],
        { onConflict: 'user_id,lesson_id' },
      );
    expect(error).toBeNull();
    expect(await progressOf(ADA)).toEqual([
      { lesson_id: 1, position_seconds: 31 },
      { lesson_id: 3, position_seconds: 2 },
    ]);
  });

  it("refuses a learner's upsert of another learner's row, new or existing, and leaves it as it was", async () => {
    const ada = client(adaToken);
    for (const lessonId of [1, 3]) {
      const { error, status } = await ada
        .from('lesson_progress')
        .upsert(
          { user_id: BEN, lesson_id: lessonId, position_seconds: 99 },
          { onConflict: 'user_id,lesson_id' },
        );
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501' });
    }
    expect(await progressOf(BEN)).toEqual([{ lesson_id: 1, position_seconds: 12 }]);
  });

  it('refuses anon any write', async () => {
    const { error, status } = await client()
      .from('lesson_progress')
      .upsert({ user_id: BEN, lesson_id: 3, position_seconds: 1 }, { onConflict: 'user_id,lesson_id' });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501' });
    expect(await progressOf(BEN)).toEqual([{ lesson_id: 1, position_seconds: 12 }]);
  });

  it('lets the service role key read every lesson, drafts included', async () => {
    const key = await testJwtKeys.signServiceRoleKey();
    const service = appClient(app, key);
    const { data } = await service.from('lessons').select('slug').order('order_index');
    expect(data).toEqual([{ slug: 'welcome' }, { slug: 'seeing' }, { slug: 'draft' }]);
  });

  it("refuses a user's access token as the API key, as Supabase's gateway does", async () => {
    const response = await app.request('/rest/v1/lessons', { headers: { apikey: adaToken } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it("answers every refused token with PostgREST's 401, on reads and writes", async () => {
    for (const { label, token, code, message } of await refusedTokens(ADA)) {
      for (const init of [
        { method: 'GET' },
        {
          method: 'POST',
          body: JSON.stringify({ user_id: ADA, lesson_id: 3, position_seconds: 1 }),
        },
      ]) {
        const response = await app.request('/rest/v1/lesson_progress?on_conflict=user_id,lesson_id', {
          ...init,
          headers: {
            apikey: EMBEDDED_ANON_KEY,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            prefer: 'resolution=merge-duplicates',
          },
        });
        expect(response.status, `${label}, ${init.method}`).toBe(401);
        expect(await response.json()).toEqual({ code, message, details: null, hint: null });
        expect(response.headers.get('www-authenticate')).toBe(
          `Bearer error="invalid_token", error_description="${message}"`,
        );
      }
    }
    expect(await progressOf(ADA)).not.toContainEqual(expect.objectContaining({ position_seconds: 1 }));
  });
});

describe(`access ends with the session (${databaseKind})`, () => {
  const refusedAsEnded = async (response: Response) => {
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'PGRST301',
      message: 'Session from session_id claim in JWT does not exist',
      details: null,
      hint: null,
    });
  };
  const readLessons = (token: string) =>
    app.request('/rest/v1/lessons?select=slug', { headers: { authorization: `Bearer ${token}` } });
  const saveProgress = (token: string, userId: string) =>
    app.request('/rest/v1/lesson_progress?on_conflict=user_id,lesson_id', {
      method: 'POST',
      body: JSON.stringify({ user_id: userId, lesson_id: 1, position_seconds: 3 }),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates',
      },
    });

  it('refuses the access token of a signed-out session at once, on reads and writes', async () => {
    const dee = crypto.randomUUID();
    const token = await signedInToken(db, dee, `${dee}@example.com`);
    expect((await readLessons(token)).status).toBe(200);
    const logout = await app.request('/auth/v1/logout?scope=local', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    await refusedAsEnded(await readLessons(token));
    await refusedAsEnded(await saveProgress(token, dee));
    expect(await progressOf(dee)).toEqual([]);
    // Another session of the same learner goes on.
    expect((await readLessons(await signedInToken(db, dee, `${dee}@example.com`))).status).toBe(200);
  });

  it("refuses an erased learner's access token at once", async () => {
    const eve = crypto.randomUUID();
    const token = await signedInToken(db, eve, `${eve}@example.com`);
    expect((await saveProgress(token, eve)).status).toBe(201);
    // What `signups erase` deletes; the sessions go with the user.
    await db.query('delete from auth.users where id = $1', [eve]);
    await refusedAsEnded(await readLessons(token));
    await refusedAsEnded(await saveProgress(token, eve));
  });

  it('refuses a token of role authenticated that names no session', async () => {
    const claims = {
      sub: ADA,
      role: 'authenticated',
      aud: 'authenticated',
      iss: 'https://lenses.example/auth/v1',
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await readLessons(token);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301', message: 'Invalid JWT' });
  });
});

describe(`the upsert's refusals (${databaseKind})`, () => {
  const post = (body: string, { query = '?on_conflict=user_id,lesson_id', headers = {} } = {}) =>
    app.request(`/rest/v1/lesson_progress${query}`, {
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${adaToken}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates',
        ...headers,
      },
    });
  const row = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({ user_id: ADA, lesson_id: 3, position_seconds: 5, ...extra });

  it.each([
    ['a column the table does not have', row({ is_admin: true }), {}, 400, 'PGRST204'],
    ['a value of the wrong type', row({ position_seconds: 'banana' }), {}, 400, '22P02'],
    ['a value its check refuses', row({ position_seconds: -1 }), {}, 400, '23514'],
    ['a lesson that does not exist', row({ lesson_id: 999 }), {}, 403, '42501'],
    ['a lesson not yet published', row({ lesson_id: 2 }), {}, 403, '42501'],
    ['a position that is NaN', row({ position_seconds: 'NaN' }), {}, 400, '23514'],
    ['a position that is Infinity', row({ position_seconds: 'Infinity' }), {}, 400, '23514'],
    ['a time the database keeps: updated_at', row({ updated_at: '2001-01-01T00:00:00Z' }), {}, 403, '42501'],
    ['a time the database keeps: created_at', row({ created_at: '2001-01-01T00:00:00Z' }), {}, 403, '42501'],
    ['a body that is no JSON', '{"user_id":', {}, 400, 'PGRST102'],
    ['a JSON body that is no row', '"row"', {}, 400, 'PGRST102'],
    ['an empty object', '{}', {}, 400, 'PGRST102'],
    ['a conflict column that does not exist', row(), { query: '?on_conflict=user_id,nope' }, 400, '42703'],
    ['no on_conflict', row(), { query: '' }, 405, 'PGRST117'],
    ['no resolution', row(), { headers: { prefer: 'return=minimal' } }, 405, 'PGRST117'],
    ['a preference it does not honour', row(), { headers: { prefer: 'missing=default' } }, 400, 'PGRST122'],
    ['another content type', row(), { headers: { 'content-type': 'text/plain' } }, 415, 'PGRST107'],
    ['another schema', row(), { headers: { 'content-profile': 'auth' } }, 406, 'PGRST106'],
  ])('refuses %s', async (_label, body, options, status, code) => {
    const response = await post(body, options);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ code });
    expect(Object.keys(answer).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect((await progressOf(ADA)).map((progress) => progress.position_seconds)).not.toContain(5);
  });

  it("answers a draft's id exactly as it answers an id that does not exist", async () => {
    const [draft, missing] = await Promise.all([post(row({ lesson_id: 2 })), post(row({ lesson_id: 999 }))]);
    expect(draft.status).toBe(missing.status);
    expect(await draft.json()).toEqual(await missing.json());
  });

  it("keeps a learner's completion time within the row's life: not before its first save, not after now", async () => {
    const cy = '00000000-0000-4000-8000-00000000000c';
    const token = await signedInToken(db, cy, 'cy@example.com');
    const save = (lessonId: number, completedAt: string) =>
      client(token)
        .from('lesson_progress')
        .upsert(
          { user_id: cy, lesson_id: lessonId, position_seconds: 40, completed_at: completedAt },
          { onConflict: 'user_id,lesson_id' },
        );
    expect((await save(1, '2001-01-01T00:00:00Z')).error).toBeNull();
    expect((await save(3, '2100-01-01T00:00:00Z')).error).toBeNull();
    const rows = await db.query<{ lesson_id: number; within: boolean; started: boolean }>(
      `select lesson_id::int as lesson_id, completed_at between created_at and now() as within,
              created_at > now() - interval '1 hour' as started
         from public.lesson_progress where user_id = $1 order by 1`,
      [cy],
    );
    expect(rows).toEqual([
      { lesson_id: 1, within: true, started: true },
      { lesson_id: 3, within: true, started: true },
    ]);
  });

  it('refuses a body over 64 KB before reading it whole', async () => {
    const response = await post(row({ completed_at: 'x'.repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PGRST102' });
  });

  it('keeps values as data, never SQL', async () => {
    const response = await post(row({ completed_at: "2026-01-01'); drop table public.lessons; --" }));
    expect(response.status).toBe(400);
    const [lessons] = await db.query<{ count: number }>('select count(*)::int as count from public.lessons');
    expect(lessons?.count).toBe(3);
  });

  it.each(['PATCH', 'PUT', 'DELETE'])('still refuses %s', async (method) => {
    const response = await app.request('/rest/v1/lesson_progress?user_id=eq.' + ADA, {
      method,
      headers: { authorization: `Bearer ${adaToken}`, 'content-type': 'application/json' },
      ...(method !== 'DELETE' && { body: row() }),
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ code: 'PGRST117' });
  });
});
