import { cp, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createTestApp, signedInToken } from '../../server/test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../server/test/test-database.ts';
import { appClient } from '../../server/test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { readLessonVideo, MAX_VIDEO_BYTES } from '../lesson-files.ts';
import { createAdminRunner } from '../test/admin-runner.ts';

const seededFolder = fileURLToPath(new URL('../../supabase/storage/course/lessons/', import.meta.url));
const seeded = (name: string) => path.join(seededFolder, name);
const webm = fileURLToPath(new URL('../test/fixtures/two-seconds-of-blue.webm', import.meta.url));
const ADA = '00000000-0000-4000-8000-00000000000a';

let db: Database;
let files: string;
let admin: Awaited<ReturnType<typeof createAdminRunner>>;
beforeAll(async () => {
  db = await createTestDatabase();
  files = await mkdtemp(path.join(os.tmpdir(), 'lesson-files-'));
  admin = await createAdminRunner(db);
  await db.exec(`insert into auth.users (id, email) values ('${ADA}', 'ada@example.com')`);
});
afterAll(() => db.close());

async function lessons() {
  return db.query<{
    id: number;
    slug: string;
    title: string;
    summary: string;
    video_path: string;
    captions_path: string | null;
    poster_path: string | null;
    duration_seconds: number;
    order_index: number;
    is_published: boolean;
  }>(
    `select id::int as id, slug, title, summary, video_path, captions_path, poster_path, duration_seconds,
            order_index, is_published
       from public.lessons order by order_index, id`,
  );
}

const progressRows = async () =>
  (await db.query<{ lesson_id: number }>('select lesson_id::int as lesson_id from public.lesson_progress'))
    .map((row) => row.lesson_id)
    .sort();

/** Every object in the course bucket, as "lessons/…" paths. */
async function stored() {
  return (await readdir(path.join(admin.courseFolder, 'lessons'))).map((name) => `lessons/${name}`).sort();
}

/** Three of the placeholder lessons, their files in the bucket, and Ada's progress in two of them. */
async function seedThree() {
  await db.exec('truncate public.lessons restart identity cascade');
  await db.exec(`insert into public.lessons
    (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, is_published)
    values
    ('why-three-lenses', 'Why plan with three lenses', 'The framework.', 'lessons/why-three-lenses.mp4',
     'lessons/why-three-lenses.vtt', 'lessons/why-three-lenses.webp', 47, 1, true),
    ('the-trends-lens', 'Lens one: trends', 'Spot the trends.', 'lessons/the-trends-lens.mp4',
     'lessons/the-trends-lens.vtt', null, 43, 2, true),
    ('the-dreams-lens', 'Lens three: dreams', '', 'lessons/the-dreams-lens.mp4', null, null, 43, 3, false)`);
  await db.exec(`insert into public.lesson_progress (user_id, lesson_id, position_seconds) values
    ('${ADA}', 1, 12), ('${ADA}', 2, 30)`);
  await rm(admin.courseFolder, { recursive: true, force: true });
  await cp(seededFolder, path.join(admin.courseFolder, 'lessons'), {
    recursive: true,
    filter: (source) => !/strengths|opportunities/.test(source),
  });
}

async function file(name: string, content: string | Uint8Array) {
  const target = path.join(files, name);
  await writeFile(target, content);
  return target;
}

/** The embedded server over the same database and course bucket, and Ada signed in to it with supabase-js. */
async function signedInLearner() {
  const app = await createTestApp(db, { storageFolder: path.dirname(admin.courseFolder) });
  const token = await signedInToken(db, ADA, 'ada@example.com');
  return { app, learner: appClient(app, EMBEDDED_ANON_KEY, token) };
}

describe(`lessons commands on ${databaseKind}`, () => {
  describe('each command', () => {
    beforeEach(seedThree);

    it('lessons list prints a table in course order, and --format json every column', async () => {
      await db.query(
        `update public.lessons set stream_path = 'lessons/${'a'.repeat(32)}/master.m3u8' where id = 1`,
      );
      const table = await admin.run(['lessons', 'list']);
      expect(table.code).toBe(0);
      expect(table.stdout.split('\n')).toEqual([
        'ID  ORDER  PUBLISHED  PREVIEW  LENGTH  STREAM  CAPTIONS  POSTER  SLUG              TITLE                       FOR',
        '1   1      yes                 0:47    yes     yes       yes     why-three-lenses  Why plan with three lenses',
        '2   2      yes                 0:43    no      yes       no      the-trends-lens   Lens one: trends',
        '3   3      no                  0:43    no      no        no      the-dreams-lens   Lens three: dreams',
        '',
      ]);
      const json = await admin.run(['lessons', 'list', '--format', 'json']);
      expect(json.code).toBe(0);
      const [first] = z.array(z.unknown()).parse(JSON.parse(json.stdout));
      expect(first).toEqual({
        id: 1,
        slug: 'why-three-lenses',
        title: 'Why plan with three lenses',
        summary: 'The framework.',
        video_path: 'lessons/why-three-lenses.mp4',
        stream_path: `lessons/${'a'.repeat(32)}/master.m3u8`,
        captions_path: 'lessons/why-three-lenses.vtt',
        poster_path: 'lessons/why-three-lenses.webp',
        duration_seconds: 47,
        order_index: 1,
        is_published: true,
        is_preview: false,
        speaks_to: [],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('lessons list says so when there are none', async () => {
      await db.exec('truncate public.lessons cascade');
      expect(await admin.run(['lessons', 'list'])).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('No lessons yet'),
      });
      expect((await admin.run(['lessons', 'list', '--format', 'json'])).stdout).toBe('[]\n');
    });

    it('lessons add stores the files under content-hashed names and appends the lesson unpublished', async () => {
      const result = await admin.run([
        'lessons',
        'add',
        '--title',
        'Lens two: strengths',
        '--summary',
        'Take stock.',
        '--video',
        seeded('the-strengths-lens.mp4'),
        '--captions',
        seeded('the-strengths-lens.vtt'),
        '--poster',
        seeded('the-strengths-lens.webp'),
      ]);
      expect(result.code).toBe(0);
      const added = (await lessons()).at(-1);
      expect(added).toMatchObject({
        id: 4,
        slug: 'lens-two-strengths',
        title: 'Lens two: strengths',
        summary: 'Take stock.',
        duration_seconds: 37,
        order_index: 4,
        is_published: false,
      });
      expect(added?.video_path).toMatch(/^lessons\/[0-9a-f]{32}\.mp4$/);
      expect(added?.captions_path).toMatch(/^lessons\/[0-9a-f]{32}\.vtt$/);
      expect(added?.poster_path).toMatch(/^lessons\/[0-9a-f]{32}\.webp$/);
      for (const [column, source] of [
        [added?.video_path, 'the-strengths-lens.mp4'],
        [added?.captions_path, 'the-strengths-lens.vtt'],
        [added?.poster_path, 'the-strengths-lens.webp'],
      ] as const) {
        expect(await readFile(path.join(admin.courseFolder, column ?? ''))).toEqual(
          await readFile(seeded(source)),
        );
      }
      expect(result.stdout).toBe(
        'Added lesson 4 "Lens two: strengths" (lens-two-strengths, order 4, 0:37, unpublished). ' +
          'Publish it with: lessons publish 4\n',
      );
    });

    it('lessons add --order makes room, --slug names it, --publish shows it; a WebM is accepted', async () => {
      const result = await admin.run([
        'lessons',
        'add',
        '--title',
        'A short hello',
        '--summary',
        '',
        '--video',
        webm,
        '--slug',
        'hello',
        '--order',
        '2',
        '--publish',
      ]);
      expect(result.code).toBe(0);
      expect((await lessons()).map((l) => [l.slug, l.order_index, l.is_published])).toEqual([
        ['why-three-lenses', 1, true],
        ['hello', 2, true],
        ['the-trends-lens', 3, true],
        ['the-dreams-lens', 4, false],
      ]);
      expect((await lessons())[1]).toMatchObject({
        duration_seconds: 2,
        video_path: expect.stringMatching(/\.webm$/),
        captions_path: null,
        poster_path: null,
      });
      expect(result.stdout).toBe('Added lesson 4 "A short hello" (hello, order 2, 0:02, published).\n');
    });

    it('lessons add --order past the end puts it last, numbered without a gap', async () => {
      expect(
        (
          await admin.run([
            'lessons',
            'add',
            '--title',
            'Last',
            '--summary',
            's',
            '--video',
            webm,
            '--order',
            '9',
          ])
        ).code,
      ).toBe(0);
      expect((await lessons()).map((l) => [l.slug, l.order_index])).toEqual([
        ['why-three-lenses', 1],
        ['the-trends-lens', 2],
        ['the-dreams-lens', 3],
        ['last', 4],
      ]);
    });

    it('lessons update changes only what it is given, by id or slug', async () => {
      const before = await lessons();
      const filesBefore = await stored();
      const result = await admin.run([
        'lessons',
        'update',
        'the-trends-lens',
        '--title',
        'Trends',
        '--summary',
        'New.',
      ]);
      expect(result).toMatchObject({
        code: 0,
        stdout: 'Updated lesson 2 "Trends" (the-trends-lens, order 2, 0:43, published).\n',
      });
      expect((await lessons())[1]).toEqual({ ...before[1], title: 'Trends', summary: 'New.' });
      expect((await admin.run(['lessons', 'update', '2', '--slug', 'trends'])).code).toBe(0);
      expect((await lessons())[1]?.slug).toBe('trends');
      expect(await stored()).toEqual(filesBefore);
    });

    it('lessons edit --preview and --no-preview make a lesson a free preview and back; list shows it', async () => {
      const result = await admin.run(['lessons', 'edit', 'the-trends-lens', '--preview']);
      expect(result).toMatchObject({
        code: 0,
        stdout:
          'Updated lesson 2 "Lens one: trends" (the-trends-lens, order 2, 0:43, published, free preview).\n',
      });
      const previews = () => db.query<{ slug: string }>('select slug from public.lessons where is_preview');
      expect(await previews()).toEqual([{ slug: 'the-trends-lens' }]);
      expect((await admin.run(['lessons', 'list'])).stdout.split('\n')[2]).toMatch(
        /^2 +2 +yes +yes +0:43 +no +yes +no +the-trends-lens +Lens one: trends$/,
      );
      expect((await admin.run(['lessons', 'update', '2', '--no-preview'])).code).toBe(0);
      expect(await previews()).toEqual([]);
    });

    it('lessons edit --for takes the sign-up options in any case, stores their spelling, and "" clears them', async () => {
      const result = await admin.run([
        'lessons',
        'edit',
        '2',
        '--for',
        'ai TAKING over jobs, under25 ,leadership, Under 25, Art & Design',
      ]);
      expect(result).toMatchObject({
        code: 0,
        stdout:
          'Updated lesson 2 "Lens one: trends" (the-trends-lens, order 2, 0:43, published). It speaks to: ' +
          'AI taking over jobs, under25, Leadership, Art & Design.\n',
      });
      const tags = async () =>
        (await db.query<{ speaks_to: string[] }>(`select speaks_to from public.lessons where id = 2`))[0]
          ?.speaks_to;
      expect(await tags()).toEqual(['AI taking over jobs', 'under25', 'Leadership', 'Art & Design']);

      const list = await admin.run(['lessons', 'list']);
      expect(list.stdout.split('\n')[2]).toMatch(
        /Lens one: trends +AI taking over jobs, under25, Leadership \+1$/,
      );
      const json = z
        .array(z.object({ slug: z.string(), speaks_to: z.array(z.string()) }))
        .parse(JSON.parse((await admin.run(['lessons', 'list', '--format', 'json'])).stdout));
      expect(json[1]?.speaks_to).toEqual(['AI taking over jobs', 'under25', 'Leadership', 'Art & Design']);

      const cleared = await admin.run(['lessons', 'edit', 'the-trends-lens', '--for', '']);
      expect(cleared.stdout).toMatch(/It speaks to everyone \(no --for tags\)\.\n$/);
      expect(await tags()).toEqual([]);
    });

    it('lessons add --preview --for stores a free preview and whom it speaks to', async () => {
      const result = await admin.run([
        'lessons',
        'add',
        '--title',
        'A taster',
        '--summary',
        'Try it.',
        '--video',
        webm,
        '--publish',
        '--preview',
        '--for',
        'burnout, 55plus',
      ]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /\(a-taster, order 4, 0:02, published, free preview\)\. It speaks to: Burnout, 55plus\.\n$/,
      );
      const [added] = await db.query<{ is_preview: boolean; speaks_to: string[] }>(
        `select is_preview, speaks_to from public.lessons where slug = 'a-taster'`,
      );
      expect(added).toEqual({ is_preview: true, speaks_to: ['Burnout', '55plus'] });
      const { data } = await appClient(await createTestApp(db), EMBEDDED_ANON_KEY)
        .from('course_outline')
        .select('slug,is_preview,speaks_to,video_path')
        .eq('slug', 'a-taster');
      expect(data).toEqual([
        {
          slug: 'a-taster',
          is_preview: true,
          speaks_to: ['Burnout', '55plus'],
          video_path: expect.stringMatching(/^lessons\//),
        },
      ]);
    });

    it('lessons update --video replaces the file and the length, and deletes the old file no lesson uses', async () => {
      const result = await admin.run([
        'lessons',
        'update',
        '3',
        '--video',
        webm,
        '--captions',
        seeded('the-dreams-lens.vtt'),
      ]);
      expect(result.code).toBe(0);
      const { objectName } = await readLessonVideo(webm);
      expect((await lessons())[2]).toMatchObject({
        video_path: objectName,
        duration_seconds: 2,
        captions_path: expect.stringMatching(/^lessons\/[0-9a-f]{32}\.vtt$/),
      });
      expect(await stored()).toContain(objectName);
      expect(await stored()).not.toContain('lessons/the-dreams-lens.mp4');
      expect(result.stdout).toBe(
        'Updated lesson 3 "Lens three: dreams" (the-dreams-lens, order 3, 0:02, unpublished). ' +
          'Deleted 1 file no lesson uses: lessons/the-dreams-lens.mp4.\n',
      );
    });

    it('lessons update keeps a replaced file that another lesson still uses', async () => {
      await db.exec(`update public.lessons set poster_path = 'lessons/why-three-lenses.webp' where id = 2`);
      const result = await admin.run(['lessons', 'update', '1', '--poster', seeded('the-trends-lens.webp')]);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('Deleted');
      expect(await stored()).toContain('lessons/why-three-lenses.webp');
    });

    it('lessons move puts the lesson at the position and keeps 1..N', async () => {
      expect(await admin.run(['lessons', 'move', 'the-dreams-lens', '--to', '1'])).toMatchObject({
        code: 0,
        stdout: 'Moved lesson 3 "Lens three: dreams" (the-dreams-lens, order 1, 0:43, unpublished).\n',
      });
      expect((await lessons()).map((l) => [l.id, l.order_index])).toEqual([
        [3, 1],
        [1, 2],
        [2, 3],
      ]);
      expect((await admin.run(['lessons', 'move', '3', '--to', '50'])).stdout).toContain('order 3');
      expect((await lessons()).map((l) => [l.id, l.order_index])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
    });

    it('lessons publish and unpublish switch what a signed-in learner sees, at once', async () => {
      const { learner } = await signedInLearner();
      const visible = async () =>
        (await learner.from('lessons').select('slug').order('order_index')).data?.map((l) => l.slug);
      expect(await visible()).toEqual(['why-three-lenses', 'the-trends-lens']);

      expect((await admin.run(['lessons', 'unpublish', 'why-three-lenses'])).stdout).toBe(
        'Unpublished lesson 1 "Why plan with three lenses" (why-three-lenses, order 1, 0:47, unpublished).\n',
      );
      expect(await visible()).toEqual(['the-trends-lens']);
      expect((await admin.run(['lessons', 'publish', '3'])).stdout).toContain('Published lesson 3');
      expect(await visible()).toEqual(['the-trends-lens', 'the-dreams-lens']);
      expect(await progressRows()).toEqual([1, 2]);
    });

    it('a lesson added by the tool plays: its signed video URL serves the stored file', async () => {
      expect(
        (
          await admin.run([
            'lessons',
            'add',
            '--title',
            'Hello',
            '--summary',
            's',
            '--video',
            webm,
            '--publish',
          ])
        ).code,
      ).toBe(0);
      const { app, learner } = await signedInLearner();
      const { data: rows, error } = await learner.from('lessons').select('video_path').eq('slug', 'hello');
      expect(error).toBeNull();
      const signed = await learner.storage.from('course').createSignedUrl(rows?.[0]?.video_path ?? '', 60);
      expect(signed.error).toBeNull();
      const url = new URL(signed.data?.signedUrl ?? '');
      const response = await app.request(`${url.pathname}${url.search}`);
      expect(response.headers.get('content-type')).toBe('video/webm');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(await readFile(webm));
    });

    it('lessons remove --yes deletes the lesson, its progress and its unused files, and closes the gap', async () => {
      const result = await admin.run(['lessons', 'remove', '1', '--yes']);
      expect(result.stdout).toBe(
        'Removed lesson 1 "Why plan with three lenses" (why-three-lenses, order 1, 0:47, published) and 1 progress row. ' +
          'Deleted 3 files no lesson uses: lessons/why-three-lenses.mp4, lessons/why-three-lenses.vtt, lessons/why-three-lenses.webp.\n',
      );
      expect((await lessons()).map((l) => [l.id, l.order_index])).toEqual([
        [2, 1],
        [3, 2],
      ]);
      expect(await progressRows()).toEqual([2]);
      expect(await stored()).not.toContainEqual(expect.stringMatching(/why-three-lenses/));
    });

    it('lessons remove asks first, naming the progress that goes with it', async () => {
      const declined = await admin.run(['lessons', 'remove', 'the-trends-lens'], { answer: 'n' });
      expect(declined.code).toBe(2);
      expect(declined.stderr).toContain(
        'Remove lesson 2 "Lens one: trends" (the-trends-lens, order 2, 0:43, published) for good? ' +
          'The progress of 1 learner in it goes with it, and its files unless another lesson uses them. ' +
          'This cannot be undone. [y/N] ',
      );
      expect(declined.stderr).toContain('Nothing removed: not confirmed');
      expect(await lessons()).toHaveLength(3);
      expect(await progressRows()).toEqual([1, 2]);

      const confirmed = await admin.run(['lessons', 'remove', 'the-trends-lens'], { answer: 'y' });
      expect(confirmed.code).toBe(0);
      expect((await lessons()).map((l) => [l.slug, l.order_index])).toEqual([
        ['why-three-lenses', 1],
        ['the-dreams-lens', 2],
      ]);
      expect(await progressRows()).toEqual([1]);
    });
  });

  describe('refused: a clear one-line message, exit code 2, nothing changed (no row, no file)', () => {
    // Seeded once: each case checks that it changed nothing.
    beforeAll(seedThree);

    const notAVideo = () => file('notes.mp4', 'just some notes');
    const badCaptions = () => file('captions.vtt', 'Captions, some day.\n');
    const hugeVideo = async () => {
      const huge = await file('huge.mp4', '');
      await truncate(huge, MAX_VIDEO_BYTES + 1);
      return huge;
    };
    const add = (...extra: string[]) => ['lessons', 'add', '--title', 'New', '--summary', 'S', ...extra];
    const cases: [string, () => Promise<string[]>, RegExp][] = [
      [
        'add: not a video',
        async () => add('--video', await notAVideo()),
        /notes\.mp4: not an MP4 or WebM video/,
      ],
      [
        'add: bad captions',
        async () => add('--video', webm, '--captions', await badCaptions()),
        /captions\.vtt: not valid WebVTT: line 1/,
      ],
      ['add: over the size limit', async () => add('--video', await hugeVideo()), /over the 2000 MB limit/],
      [
        'add: an unknown --for value',
        async () => add('--video', webm, '--for', 'Burnout, Aliens'),
        /^Error: Unknown --for value "Aliens": use worries \("AI taking over jobs", .*\), age groups \("under25", "25-35", "45-55", "55plus"\) or strengths \(.*"Leadership".*\)\.$/m,
      ],
      [
        'edit: an unknown --for value',
        async () => ['lessons', 'edit', '2', '--for', 'under 30'],
        /Unknown --for value "under 30"/,
      ],
      ['edit: nothing to change', async () => ['lessons', 'edit', '2'], /Nothing to change/],
      [
        'add: a poster that is not a picture',
        async () => add('--video', webm, '--poster', await notAVideo()),
        /not a JPEG, PNG or WebP picture/,
      ],
      [
        'add: a duplicate slug',
        async () => add('--video', webm, '--slug', 'the-trends-lens'),
        /The slug "the-trends-lens" is already used by lesson 2/,
      ],
      [
        'add: a title whose slug is taken',
        async () => ['lessons', 'add', '--title', 'The trends lens', '--summary', 'S', '--video', webm],
        /The slug "the-trends-lens" is already used by lesson 2: choose another with --slug/,
      ],
      ['add: a bad slug', async () => add('--video', webm, '--slug', 'Bad Slug'), /slug: must be lower-case/],
      ['add: a slug of digits', async () => add('--video', webm, '--slug', '42'), /slug: must have a letter/],
      ['add: no video', async () => add(), /required option '--video <file>' not specified/],
      [
        'add: --order 0',
        async () => add('--video', webm, '--order', '0'),
        /--order must be a positive whole number/,
      ],
      [
        'update: an unknown id',
        async () => ['lessons', 'update', '99', '--video', webm],
        /No lesson with id 99\. `lessons list` shows them\./,
      ],
      [
        'update: an unknown slug',
        async () => ['lessons', 'update', 'nope', '--title', 'T'],
        /No lesson with slug "nope"/,
      ],
      [
        'update: a taken slug',
        async () => ['lessons', 'update', '1', '--slug', 'the-dreams-lens', '--video', webm],
        /The slug "the-dreams-lens" is already used by lesson 3/,
      ],
      [
        'update: not a video',
        async () => ['lessons', 'update', '1', '--video', await notAVideo()],
        /not an MP4 or WebM video/,
      ],
      ['update: nothing to change', async () => ['lessons', 'update', '1'], /Nothing to change/],
      [
        'update: a bad reference',
        async () => ['lessons', 'update', 'Bad_Ref', '--title', 'T'],
        /ID\|SLUG must be a lesson id/,
      ],
      ['move: an unknown id', async () => ['lessons', 'move', '42', '--to', '1'], /No lesson with id 42/],
      ['move: no --to', async () => ['lessons', 'move', '1'], /required option '--to <n>' not specified/],
      [
        'move: --to 0',
        async () => ['lessons', 'move', '1', '--to', '0'],
        /--to must be a positive whole number/,
      ],
      ['publish: an unknown id', async () => ['lessons', 'publish', '7'], /No lesson with id 7/],
      [
        'unpublish: an unknown slug',
        async () => ['lessons', 'unpublish', 'gone'],
        /No lesson with slug "gone"/,
      ],
      ['remove: an unknown id', async () => ['lessons', 'remove', '8', '--yes'], /No lesson with id 8/],
      ['remove: not confirmed', async () => ['lessons', 'remove', '1'], /Nothing removed: not confirmed/],
    ];
    it.each(cases)('%s', async (_, argv, message) => {
      const args = await argv();
      const before = { lessons: await lessons(), progress: await progressRows(), files: await stored() };
      const result = await admin.run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      // The refusal, and at most commander's "(add --help for usage)" after it.
      expect(result.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(2);
      expect(result.stdout).toBe('');
      expect({ lessons: await lessons(), progress: await progressRows(), files: await stored() }).toEqual(
        before,
      );
    });
  });
});

describe('lessons --help', () => {
  it.each([
    [
      ['lessons'],
      /Commands:[\s\S]*list[\s\S]*add[\s\S]*update[\s\S]*move[\s\S]*publish[\s\S]*unpublish[\s\S]*remove/,
    ],
    [['lessons', 'add'], /--video <file>[\s\S]*MP4 or WebM video of at most 2000 MB/],
    [['lessons', 'remove'], /every learner's progress/],
    [['lessons', 'unpublish'], /hide the lesson from learners at once/],
    [['lessons', 'edit'], /--preview[\s\S]*--no-preview[\s\S]*--for <list>[\s\S]*--for ""\s+clears\s+them/],
    [['lessons', 'add'], /--preview[\s\S]*anyone can watch\s+it\s+without\s+signing\s+in/],
  ])('%j --help explains the command and exits 0', async (argv, text) => {
    const result = await admin.run([...argv, '--help']);
    expect(result).toMatchObject({ code: 0, sessions: 0 });
    expect(result.stdout).toMatch(text);
  });
});
