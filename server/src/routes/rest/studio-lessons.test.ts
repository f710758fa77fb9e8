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
      ['studio_delete_lesson', { lesson_id: 1 }],
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

  it("lets the owner replace a lesson's files, and keeps the replaced ones aside for the stream jobs to delete", async () => {
    const owner = as(OWNER);
    const added = await owner.rpc('studio_save_lesson', { ...draft, slug: 'replaced' });
    const id = (added.data as { id: number }).id;
    await rest.db.query(
      "update public.lessons set stream_path = 'lessons/0123456789abcdef0123456789abcdef/master.m3u8' where id = $1",
      [id],
    );
    const replaced = await owner.rpc('studio_save_lesson', {
      lesson_id: id,
      video_path: 'lessons/replaced/video-2.mp4',
      poster_path: 'lessons/replaced/poster-2.png',
      duration_seconds: 120,
    });
    expect(replaced.data).toMatchObject({
      video_path: 'lessons/replaced/video-2.mp4',
      captions_path: draft.captions_path,
      poster_path: 'lessons/replaced/poster-2.png',
      duration_seconds: 120,
      stream_path: null,
    });
    expect(
      await rest.db.query('select path, is_folder from public.replaced_lesson_files order by path'),
    ).toEqual([
      { path: 'lessons/0123456789abcdef0123456789abcdef', is_folder: true },
      { path: draft.poster_path, is_folder: false },
      { path: draft.video_path, is_folder: false },
    ]);
    const [job] = await rest.db.query(
      'select video_path from public.lesson_stream_jobs where lesson_id = $1',
      [id],
    );
    expect(job).toEqual({ video_path: 'lessons/replaced/video-2.mp4' });
    await owner.rpc('studio_delete_lesson', { lesson_id: id });
    await rest.db.query('delete from public.replaced_lesson_files');
  });

  it('lets the owner delete a lesson: its progress goes, the others move up, its files wait aside', async () => {
    const owner = as(OWNER);
    const lessons = async () => idsOf((await owner.rpc('studio_lessons')).data);
    const added = await owner.rpc('studio_save_lesson', { ...draft, slug: 'doomed' });
    const doomed = (added.data as { id: number }).id;
    const last = (await owner.rpc('studio_save_lesson', { ...draft, slug: 'after-it' })).data as {
      id: number;
    };
    await owner.rpc('studio_reorder_lessons', {
      ids: [doomed, ...(await lessons()).filter((id) => id !== doomed)],
    });
    await rest.db.query(
      `insert into auth.users (id, email) values ('${LEARNER}', 'learner@example.com') on conflict do nothing;`,
    );
    await rest.db.query(
      'insert into public.lesson_progress (user_id, lesson_id, position_seconds) values ($1, $2, 10)',
      [LEARNER, doomed],
    );

    const deleted = await owner.rpc('studio_delete_lesson', { lesson_id: doomed });
    expect(deleted.error).toBeNull();
    const left = deleted.data as { id: number; order_index: number }[];
    expect(left.map((lesson) => lesson.id)).not.toContain(doomed);
    expect(left.map((lesson) => lesson.order_index)).toEqual(left.map((_, index) => index + 1));
    expect(left.at(-1)?.id).toBe(last.id);
    expect(
      await rest.db.query('select 1 from public.lesson_progress where lesson_id = $1', [doomed]),
    ).toEqual([]);
    expect(await rest.db.query('select path from public.replaced_lesson_files order by path')).toEqual([
      { path: draft.captions_path },
      { path: draft.poster_path },
      { path: draft.video_path },
    ]);

    const again = await owner.rpc('studio_delete_lesson', { lesson_id: doomed });
    expect(again).toMatchObject({ status: 400, data: null });
    expect(again.error?.message).toContain('reload the lessons');
    await owner.rpc('studio_delete_lesson', { lesson_id: last.id });
  });
});
