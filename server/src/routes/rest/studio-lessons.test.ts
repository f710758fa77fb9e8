// The studio's lessons through REST as supabase-js calls them: an owner lists drafts, adds, edits, reorders and
// publishes; a learner and a visitor get a refusal and nothing, and a learner still sees no draft.
import { beforeAll, describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';

const OWNER = '00000000-0000-4000-8000-0000000000d1';
const LEARNER = '00000000-0000-4000-8000-0000000000d2';

const rest = restCallers({ [OWNER]: 'coach@example.com', [LEARNER]: 'learner@example.com' });
const { as } = rest;

beforeAll(async () => {
  await rest.db.exec(`
    insert into public.owners (email) values ('coach@example.com');
    delete from public.lessons;
    insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
    values ('first', 'First', 'lessons/first.mp4', 40, 1, true);
  `);
});

const draft = {
  slug: 'second-lesson',
  title: '  Second lesson ',
  summary: 'What comes next.',
  video_path: 'lessons/second-lesson/video.mp4',
  captions_path: 'lessons/second-lesson/captions.vtt',
  poster_path: 'lessons/second-lesson/poster.jpg',
  duration_seconds: 95,
  speaks_to: ['Career change'],
};

const idsOf = (data: unknown) => (data as { id: number }[]).map((lesson) => lesson.id);

describe(`the studio's lessons through REST (${databaseKind})`, () => {
  it('lets the owner add a draft last, edit it, list it, reorder and publish', async () => {
    const owner = as(OWNER);
    const added = await owner.rpc('studio_save_lesson', draft);
    expect(added).toMatchObject({
      error: null,
      data: {
        slug: 'second-lesson',
        title: 'Second lesson',
        order_index: 2,
        is_published: false,
        is_preview: false,
        speaks_to: ['Career change'],
        stream_path: null,
      },
    });
    const id = (added.data as { id: number }).id;

    const edited = await owner.rpc('studio_save_lesson', { lesson_id: id, title: 'Lesson two', summary: '' });
    expect(edited.data).toMatchObject({ title: 'Lesson two', summary: '', video_path: draft.video_path });

    const listed = await owner.rpc('studio_lessons');
    expect(listed.data).toMatchObject([{ slug: 'first' }, { slug: 'second-lesson', is_published: false }]);
    const [firstId] = idsOf(listed.data);

    const reordered = await owner.rpc('studio_reorder_lessons', { ids: [id, firstId] });
    expect(reordered.data).toMatchObject([
      { slug: 'second-lesson', order_index: 1 },
      { slug: 'first', order_index: 2 },
    ]);

    const published = await owner.rpc('studio_set_lesson_published', { lesson_id: id, published: true });
    expect(published.data).toMatchObject({ id, is_published: true });
    const learnerSees = await as(LEARNER).from('lessons').select('slug').order('order_index');
    expect(learnerSees.data).toEqual([{ slug: 'second-lesson' }, { slug: 'first' }]);
    await owner.rpc('studio_set_lesson_published', { lesson_id: id, published: false });
  });

  it('refuses a taken slug, a path outside lessons/, an incomplete lesson and a partial order, with a reason', async () => {
    const owner = as(OWNER);
    const refusals = [
      await owner.rpc('studio_save_lesson', { ...draft, title: 'Again' }),
      await owner.rpc('studio_save_lesson', { ...draft, slug: 'other', video_path: '../secret.mp4' }),
      await owner.rpc('studio_save_lesson', { slug: 'no-video', title: 'No video' }),
      await owner.rpc('studio_save_lesson', { lesson_id: 999999, title: 'Nobody' }),
      await owner.rpc('studio_reorder_lessons', {
        ids: idsOf((await owner.rpc('studio_lessons')).data).slice(1),
      }),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(refusals[0]?.error?.message).toContain('already used');
    expect(refusals[4]?.error?.message).toContain('every lesson exactly once');
    const [lessons] = await rest.db.query<{ count: number }>(
      'select count(*)::int as count from public.lessons',
    );
    expect(lessons?.count).toBe(2);
  });

  it('gives a learner 403 and a visitor 401 from every studio function, and a learner no draft', async () => {
    const calls = [
      ['studio_lessons', {}],
      ['studio_save_lesson', { ...draft, slug: 'intruder' }],
      ['studio_reorder_lessons', { ids: [] }],
      ['studio_set_lesson_published', { lesson_id: 1, published: true }],
    ] as const;
    for (const [name, args] of calls) {
      expect(await as(LEARNER).rpc(name, args)).toMatchObject({ data: null, status: 403 });
      expect(await as().rpc(name, args)).toMatchObject({ data: null, status: 401 });
    }
    const learnerSees = await as(LEARNER).from('lessons').select('slug, is_published');
    expect(learnerSees.data).toEqual([{ slug: 'first', is_published: true }]);
    const [lessons] = await rest.db.query<{ count: number }>(
      `select count(*)::int as count from public.lessons where slug = 'intruder' or is_published and slug <> 'first'`,
    );
    expect(lessons?.count).toBe(0);
  });
});
