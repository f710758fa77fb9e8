import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_CALLER, runAsCaller } from '../../http/caller.ts';
import type { Database } from '../../db/database.ts';
import { createTestApp, signedInToken } from '../../../test/test-app.ts';
import { createTestDatabase, databaseKind, supabaseFolder } from '../../../test/test-database.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';
import { seededOutline } from '../../../../scripts/seeded-lessons.mjs';

/** The course's public outline, the view `course_outline`: what a visitor may know before signing in. */

const ADA = '00000000-0000-4000-8000-00000000000a';
const OUTLINE_SELECT = 'slug,title,summary,duration_seconds,order_index,poster_path';

const LESSONS = `
  insert into public.lessons
    (id, slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, is_published)
  values
    (1, 'welcome', 'Welcome', 'Meet the lenses.', 'lessons/welcome.mp4', 'lessons/welcome.vtt', 'lessons/welcome.webp', 47, 1, true),
    (2, 'early-draft', 'Early draft', 'Secret plans.', 'lessons/early-draft.mp4', 'lessons/early-draft.vtt', 'lessons/early-draft.webp', 30, 0, false),
    (3, 'trends', 'Trends', 'Spot them.', 'lessons/trends.mp4', 'lessons/trends.vtt', 'lessons/trends.webp', 43, 2, true),
    (4, 'late-draft', 'Late draft', '', 'lessons/late-draft.mp4', null, null, 20, 3, false),
    (5, 'action', 'Action', 'This week.', 'lessons/action.mp4', null, 'lessons/action.webp', 42, 4, true);
`;

const published = [
  {
    slug: 'welcome',
    title: 'Welcome',
    summary: 'Meet the lenses.',
    duration_seconds: 47,
    order_index: 1,
    poster_path: 'lessons/welcome.webp',
  },
  {
    slug: 'trends',
    title: 'Trends',
    summary: 'Spot them.',
    duration_seconds: 43,
    order_index: 2,
    poster_path: 'lessons/trends.webp',
  },
  {
    slug: 'action',
    title: 'Action',
    summary: 'This week.',
    duration_seconds: 42,
    order_index: 4,
    poster_path: 'lessons/action.webp',
  },
];

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(LESSONS);
  app = await createTestApp(db);
});
afterAll(() => db.close());

/** Every `lessons/…` path anywhere in an answer. */
const pathsIn = (body: string) => [...body.matchAll(/lessons\/[\w.-]+/g)].map(([found]) => found);
/** A file of a published lesson of LESSONS. */
const PUBLISHED_FILE = /^lessons\/(welcome|trends|action)\./;

describe(`the course outline (${databaseKind})`, () => {
  it("shows anon the published lessons in order, as the page's supabase-js query asks", async () => {
    const { data, error } = await appClient(app, EMBEDDED_ANON_KEY)
      .from('course_outline')
      .select(OUTLINE_SELECT)
      .order('order_index', { ascending: true })
      .order('slug', { ascending: true });
    expect(error).toBeNull();
    expect(data).toEqual(published);
  });

  it('shows a signed-in learner the same outline', async () => {
    const token = await signedInToken(db, ADA, 'ada@example.com');
    const { data, error } = await appClient(app, EMBEDDED_ANON_KEY, token)
      .from('course_outline')
      .select(OUTLINE_SELECT)
      .order('order_index');
    expect(error).toBeNull();
    expect(data).toEqual(published);
  });

  it("names the published lessons' files and nothing of a draft, whatever anon asks for", async () => {
    for (const query of [
      'course_outline',
      'course_outline?select=*',
      'course_outline?slug=eq.early-draft',
      'course_outline?order_index=eq.0',
      'course_outline?poster_path=eq.lessons%2Fearly-draft.webp',
      'course_outline?order=order_index.desc',
    ]) {
      const response = await app.request(`/rest/v1/${query}`);
      expect(response.status, query).toBe(200);
      const body = await response.text();
      const paths = pathsIn(body);
      expect(paths.length > 0, query).toBe(!(query.includes('draft') || query.includes('=eq.0')));
      expect(
        paths.filter((found) => !PUBLISHED_FILE.test(found)),
        query,
      ).toEqual([]);
      expect(body, query).not.toMatch(/draft|Secret/i);
    }
    const columns = Object.keys(
      ((await (await app.request('/rest/v1/course_outline')).json()) as object[])[0] ?? {},
    );
    expect(columns).toEqual([
      'slug',
      'title',
      'summary',
      'duration_seconds',
      'order_index',
      'poster_path',
      'is_preview',
      'speaks_to',
      'video_path',
      'captions_path',
      'stream_path',
      'streams',
    ]);
  });

  it('refuses the columns it does not have, and anon still reads no lesson', async () => {
    for (const column of ['is_published', 'id', 'created_at']) {
      const response = await app.request(`/rest/v1/course_outline?select=${column}`);
      expect(response.status, column).toBe(400);
      expect(await response.json()).toMatchObject({ code: '42703' });
    }
    const lessons = await app.request('/rest/v1/lessons');
    expect(lessons.status).toBe(401);
    expect(await lessons.json()).toMatchObject({ code: '42501' });
  });

  it('is served to anon as the guides are: one answer for identical reads, revalidated with an ETag', async () => {
    let transactions = 0;
    const countingApp = await createTestApp({
      ...db,
      transaction: (work) => {
        transactions += 1;
        return db.transaction(work);
      },
    });
    const query = `/rest/v1/course_outline?select=${OUTLINE_SELECT}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => countingApp.request(query)));
    expect(responses.map((response) => response.status)).toEqual(Array(5).fill(200));
    expect(transactions).toBe(1);
    const etag = responses[0]?.headers.get('etag') ?? '';
    expect(responses[0]?.headers.get('cache-control')).toBe('no-cache');
    expect((await countingApp.request(query, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('can be neither written nor changed by anon or a learner', async () => {
    const { error } = await appClient(app, EMBEDDED_ANON_KEY)
      .from('course_outline')
      .upsert({ slug: 'mine', title: 'Mine', summary: '', duration_seconds: 1, order_index: 9 });
    expect(error).not.toBeNull();
    const count = await db.query<{ count: number }>('select count(*)::int as count from public.lessons');
    expect(count[0]?.count).toBe(5);
    // Both views run with their owner's rights, and a one-table view can be written through: only SELECT is given.
    const rights = await db.query<{ role: string; view: string; writes: boolean; reads: boolean }>(`
      select role, view,
        has_table_privilege(role, 'public.' || view, 'insert, update, delete, truncate') as writes,
        has_table_privilege(role, 'public.' || view, 'select') as reads
      from unnest(array['anon', 'authenticated']) as role,
        unnest(array['course_outline', 'course_files_for_anyone']) as view`);
    expect(rights).toHaveLength(4);
    for (const right of rights)
      expect(right, `${right.role} on ${right.view}`).toMatchObject({ writes: false, reads: true });
  });
});

/**
 * The files anyone may read, the view `course_files_for_anyone` the storage policies read: the published preview
 * lessons' and the first poster. Every path it names, as anon reads it.
 */
const filesForAnyone = async (database: Database) =>
  (
    await runAsCaller(database, ANONYMOUS_CALLER, (tx) =>
      tx.query<Record<string, string | null>>('select * from public.course_files_for_anyone'),
    )
  )
    .flatMap((row) => Object.values(row))
    .filter((found) => found !== null)
    .sort();

describe(`the first poster anyone may read (${databaseKind})`, () => {
  it('moves to the next published lesson when the first is unpublished, and is none when that one has none', async () => {
    const own = await createTestDatabase();
    try {
      await own.exec(LESSONS);
      expect(await filesForAnyone(own)).toEqual(['lessons/welcome.webp']);
      await own.exec(`update public.lessons set is_published = false where slug = 'welcome'`);
      expect(await filesForAnyone(own)).toEqual(['lessons/trends.webp']);
      await own.exec(`update public.lessons set poster_path = null where slug = 'trends'`);
      expect(await filesForAnyone(own)).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('breaks a tie of order_index by id, as the lessons list does', async () => {
    const own = await createTestDatabase();
    try {
      await own.exec(LESSONS);
      await own.exec(`update public.lessons set order_index = 1 where slug = 'action'`);
      expect(await filesForAnyone(own)).toEqual(['lessons/welcome.webp']);
    } finally {
      await own.close();
    }
  });
});

describe(`preview lessons in the outline (${databaseKind})`, () => {
  const PREVIEW_SELECT = 'slug,is_preview,speaks_to,video_path,captions_path,poster_path';
  let own: Database;
  let ownApp: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    own = await createTestDatabase();
    await own.exec(LESSONS);
    await own.exec(`
      update public.lessons set is_preview = true where slug in ('trends', 'early-draft');
      update public.lessons set speaks_to = '{"AI taking over jobs",under25,Leadership}' where slug = 'trends';
      update public.lessons set speaks_to = '{Burnout}' where slug = 'early-draft';
    `);
    ownApp = await createTestApp(own);
  });
  afterAll(() => own.close());

  it("shows anon every published lesson's preview flag, tags and files", async () => {
    const { data, error } = await appClient(ownApp, EMBEDDED_ANON_KEY)
      .from('course_outline')
      .select(PREVIEW_SELECT)
      .order('order_index');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        slug: 'welcome',
        is_preview: false,
        speaks_to: [],
        video_path: 'lessons/welcome.mp4',
        captions_path: 'lessons/welcome.vtt',
        poster_path: 'lessons/welcome.webp',
      },
      {
        slug: 'trends',
        is_preview: true,
        speaks_to: ['AI taking over jobs', 'under25', 'Leadership'],
        video_path: 'lessons/trends.mp4',
        captions_path: 'lessons/trends.vtt',
        poster_path: 'lessons/trends.webp',
      },
      {
        slug: 'action',
        is_preview: false,
        speaks_to: [],
        video_path: 'lessons/action.mp4',
        captions_path: null,
        poster_path: 'lessons/action.webp',
      },
    ]);
  });

  it("lets anyone read the published preview lessons' files and the first poster, and no other", async () => {
    expect(await filesForAnyone(own)).toEqual([
      'lessons/trends.mp4',
      'lessons/trends.vtt',
      'lessons/trends.webp',
      'lessons/welcome.webp',
    ]);
  });

  it('exposes nothing of an unpublished preview lesson, whatever anon asks for', async () => {
    for (const query of [
      'course_outline?select=*',
      'course_outline?is_preview=eq.true',
      'course_outline?slug=eq.early-draft',
      'course_outline?video_path=eq.lessons%2Fearly-draft.mp4',
    ]) {
      const response = await ownApp.request(`/rest/v1/${query}`);
      expect(response.status, query).toBe(200);
      const body = await response.text();
      expect(body, query).not.toMatch(/draft|Secret|Burnout/i);
      expect(
        pathsIn(body).filter((found) => !PUBLISHED_FILE.test(found)),
        query,
      ).toEqual([]);
    }
  });

  it("says which lessons stream, and where; anyone may read a preview's stream alone", async () => {
    const hash = (digit: string) => digit.repeat(32);
    await own.exec(`
      update public.lessons set stream_path = 'lessons/${hash('a')}/master.m3u8' where slug = 'welcome';
      update public.lessons set stream_path = 'lessons/${hash('b')}/master.m3u8' where slug = 'trends';`);
    try {
      const body = await (
        await ownApp.request('/rest/v1/course_outline?select=slug,streams,stream_path&order=order_index')
      ).json();
      expect(body).toEqual([
        { slug: 'welcome', streams: true, stream_path: `lessons/${hash('a')}/master.m3u8` },
        { slug: 'trends', streams: true, stream_path: `lessons/${hash('b')}/master.m3u8` },
        { slug: 'action', streams: false, stream_path: null },
      ]);
      expect(await filesForAnyone(own)).toContain(`lessons/${hash('b')}/master.m3u8`);
      expect(await filesForAnyone(own)).not.toContain(`lessons/${hash('a')}/master.m3u8`);
    } finally {
      await own.exec('update public.lessons set stream_path = null');
    }
  });

  it('lets anyone read its files no more once the lesson is no longer a preview', async () => {
    await own.exec(`update public.lessons set is_preview = false where slug = 'trends'`);
    try {
      expect(await filesForAnyone(own)).toEqual(['lessons/welcome.webp']);
    } finally {
      await own.exec(`update public.lessons set is_preview = true where slug = 'trends'`);
    }
  });
});

describe(`the tags of a lesson (${databaseKind})`, () => {
  it('hold at most 40 entries of 1 to 60 characters', async () => {
    const own = await createTestDatabase();
    try {
      await own.exec(LESSONS);
      const setTags = (tags: string[]) =>
        own.query(`update public.lessons set speaks_to = $1 where slug = 'welcome'`, [tags]);
      await setTags(Array.from({ length: 40 }, (_, index) => `tag ${index}`));
      await setTags(['x'.repeat(60)]);
      for (const tags of [Array.from({ length: 41 }, (_, index) => `tag ${index}`), [''], ['x'.repeat(61)]]) {
        await expect(setTags(tags)).rejects.toThrow(/lessons_speaks_to_check/);
      }
    } finally {
      await own.close();
    }
  });
});

describe(`the placeholder course of an existing installation (${databaseKind})`, () => {
  /** The migration's updates of the lessons, run again as on an installation made before it. */
  async function previewsMigrationUpdates(): Promise<string> {
    const text = await readFile(
      path.join(supabaseFolder, 'migrations', '20261127000100_lesson_previews_and_tags.sql'),
      'utf8',
    );
    return [...text.matchAll(/^update public\.lessons[\s\S]*?;$/gm)].map(([update]) => update).join('\n');
  }

  it("gets the seed's preview and tags from the migration; an owner's own choices stay", async () => {
    const own = await createTestDatabase();
    try {
      await own.exec(LESSONS);
      const seeded = seededOutline();
      for (const lesson of seeded) {
        await own.query(
          `insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published)
           values ($5::bigint, $1, $2, $3, $4, $5::integer, true)`,
          [
            lesson.slug,
            lesson.title,
            `lessons/${lesson.slug}.mp4`,
            lesson.durationSeconds,
            lesson.orderIndex + 10,
          ],
        );
      }
      await own.exec(`update public.lessons set speaks_to = '{Burnout}' where slug = 'the-dreams-lens'`);
      await own.exec(await previewsMigrationUpdates());
      const rows = await own.query<{ slug: string; is_preview: boolean; speaks_to: string[] }>(
        'select slug, is_preview, speaks_to from public.lessons order by order_index, id',
      );
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      for (const lesson of seeded) {
        expect(bySlug.get(lesson.slug), lesson.slug).toEqual({
          slug: lesson.slug,
          is_preview: lesson.isPreview,
          speaks_to: lesson.slug === 'the-dreams-lens' ? ['Burnout'] : lesson.speaksTo,
        });
      }
      for (const slug of ['welcome', 'trends', 'action']) {
        expect(bySlug.get(slug), slug).toEqual({ slug, is_preview: false, speaks_to: [] });
      }

      await own.exec(`update public.lessons set is_preview = (slug = 'trends')`);
      await own.exec(await previewsMigrationUpdates());
      const previews = await own.query<{ slug: string }>('select slug from public.lessons where is_preview');
      expect(previews).toEqual([{ slug: 'trends' }]);
    } finally {
      await own.close();
    }
  });
});
