// A lesson's and a guide's rules live once, in the database: the studio's call and the owner's tool's call are
// refused by the same rule, each in its own words, and neither writes anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/src/db/index.ts';
import { createTestApp, signedInToken } from '../server/test/test-app.ts';
import { createTestDatabase, databaseKind } from '../server/test/test-database.ts';
import { appClient } from '../server/test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';
import { databaseRefusal } from './database-refusal.ts';
import { createGuidesAdmin } from './guides-admin.ts';
import { createLessonsAdmin } from './lessons-admin.ts';

const OWNER = '00000000-0000-4000-8000-0000000000f1';

let db: Database;
let studio: ReturnType<typeof appClient>;

beforeAll(async () => {
  db = await createTestDatabase();
  const app = await createTestApp(db);
  studio = appClient(app, EMBEDDED_ANON_KEY, await signedInToken(db, OWNER, 'coach@example.com'));
  await db.exec(`
    insert into public.owners (email) values ('coach@example.com');
    delete from public.lessons;
    insert into public.lessons (slug, title, video_path, duration_seconds, order_index)
    values ('first', 'First', 'lessons/first.mp4', 40, 1);
    truncate public.guides restart identity;
  `);
});
afterAll(() => db.close());

/** The rule a call was refused by, and the words it was refused with. */
async function refusalOf(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  return { rule: databaseRefusal(error)?.rule, message: error instanceof Error ? error.message : undefined };
}

const rows = async () =>
  db.query(
    `select (select count(*) from public.lessons)::int as lessons, (select count(*) from public.guides)::int as guides,
            (select count(*) from public.lesson_stream_jobs)::int as jobs`,
  );

type LessonChanges = { slug?: string; title?: string; summary?: string; speaks_to?: string[] };

const lesson = {
  slug: 'second',
  title: 'Second',
  summary: '',
  video_path: 'lessons/second.mp4',
  duration_seconds: 30,
};

describe(`a lesson's and a guide's rules, for both writers (${databaseKind})`, () => {
  it.each<[string, LessonChanges, string]>([
    ['lessons_slug_words', { slug: 'Bad Slug' }, 'slug: must be lower-case letters and digits'],
    ['lessons_slug_letter', { slug: '42' }, 'slug: must have a letter'],
    ['lessons_slug_length', { slug: 'a'.repeat(81) }, 'slug: must be at most 80 characters'],
    ['lessons_slug_key', { slug: 'first' }, 'The slug "first" is already used by lesson'],
    ['lessons_title_not_empty', { title: '   ' }, 'title: must not be empty'],
    ['lessons_title_length', { title: 'x'.repeat(201) }, 'title: must be at most 200 characters'],
    ['lessons_summary_check', { summary: 'x'.repeat(1001) }, 'summary: must be at most 1000 characters'],
    [
      'lessons_speaks_to_check',
      { speaks_to: Array.from({ length: 41 }, (_, index) => `Tag ${index}`) },
      '--for names 41 options: a lesson may speak to at most 40.',
    ],
  ])('a lesson breaking %s is refused alike', async (rule, changes, toolWords) => {
    const before = await rows();
    const fromStudio = await studio.rpc('studio_save_lesson', { ...lesson, ...changes });
    expect(fromStudio).toMatchObject({ status: 400, data: null, error: { code: 'P0001' } });

    const direct = await refusalOf(
      db.query('select public.save_lesson(null, $1, $2, $3, $4, null, null, $5, $6::text[], null)', [
        ...[changes.slug ?? lesson.slug, changes.title ?? lesson.title, changes.summary ?? lesson.summary],
        ...[lesson.video_path, lesson.duration_seconds, changes.speaks_to ?? null],
      ]),
    );
    expect(direct).toEqual({ rule, message: fromStudio.error?.message });

    const tool = createLessonsAdmin(db);
    for (const call of [
      () => tool.check(null, { ...lesson, ...changes }),
      () => tool.save(null, { ...lesson, ...changes }),
    ]) {
      await expect(call()).rejects.toMatchObject({
        name: 'AdminError',
        message: expect.stringContaining(toolWords),
      });
    }
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['guides_name_not_empty', { name: ' ' }, 'Name must not be empty.', 'name: must not be empty'],
    [
      'guides_name_length',
      { name: 'x'.repeat(121) },
      'Name must be at most 120 characters.',
      'name: must be at most 120 characters',
    ],
    ['guides_title_not_empty', { title: '' }, 'Title must not be empty.', 'title: must not be empty'],
    [
      'guides_title_length',
      { title: 'x'.repeat(201) },
      'Title must be at most 200 characters.',
      'title: must be at most 200 characters',
    ],
    [
      'guides_quote_check',
      { quote: 'x'.repeat(601) },
      'Quote must be at most 600 characters.',
      'quote: must be at most 600 characters',
    ],
    [
      'image_url',
      { image_url: 'https://' },
      'Picture must be an http(s) address or a path in the guides bucket.',
      '--image https://: not a valid http(s) address.',
    ],
  ])('a guide breaking %s is refused alike', async (rule, changes, studioWords, toolWords) => {
    const before = await rows();
    const guide = { name: 'Ada', title: 'Analyst', quote: null, image_url: null, ...changes };
    const fromStudio = await studio.rpc('studio_save_guide', { guide_id: null, ...guide });
    expect(fromStudio).toMatchObject({ status: 400, error: { code: 'P0001', message: studioWords } });

    const direct = await refusalOf(
      db.query('select public.save_guide(null, $1, $2, $3, $4)', [
        guide.name,
        guide.title,
        guide.quote,
        guide.image_url,
      ]),
    );
    expect(direct).toEqual({ rule, message: studioWords });

    await expect(createGuidesAdmin(db).save(null, guide)).rejects.toMatchObject({
      name: 'AdminError',
      message: toolWords,
    });
    expect(await rows()).toEqual(before);
  });

  it('takes as a picture an http(s) address or a path in the guides bucket, nothing else', async () => {
    const saved = (address: string) =>
      db.query('select public.save_guide(null, $1, $2, null, $3)', ['Ada', 'Analyst', address]).then(
        () => true,
        () => false,
      );
    for (const good of ['https://cdn.example/a.png', 'HTTP://x.test', '4f1c.png', 'team/ada.webp']) {
      expect(await saved(good), good).toBe(true);
    }
    for (const bad of ['../secret.png', 'a/./b.png', 'javascript:alert(1)', '/abs.png', 'a b.png']) {
      expect(await saved(bad), bad).toBe(false);
    }
  });
});
