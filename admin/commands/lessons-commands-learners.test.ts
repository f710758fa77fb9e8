import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../server/test/test-app.ts';
import { databaseKind } from '../../server/test/test-database.ts';
import { appClient } from '../../server/test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import {
  admin,
  db,
  lessons,
  openLessonsAdmin,
  progressRows,
  seedThree,
  signedInLearner,
  stored,
  webm,
} from './lessons-test-kit.ts';

openLessonsAdmin();

describe(`lessons commands on ${databaseKind}`, () => {
  describe('each command', () => {
    beforeEach(seedThree);

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
});
