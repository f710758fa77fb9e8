import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from '../../server/test/test-database.ts';
import { readLessonVideo } from '../lesson-files.ts';
import { admin, db, lessons, openLessonsAdmin, seedThree, seeded, stored, webm } from './lessons-test-kit.ts';

openLessonsAdmin();

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
