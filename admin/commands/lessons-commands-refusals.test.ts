import { truncate } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../server/test/test-database.ts';
import { MAX_VIDEO_BYTES } from '../lesson-files.ts';
import {
  admin,
  file,
  lessons,
  openLessonsAdmin,
  progressRows,
  seedThree,
  stored,
  webm,
} from './lessons-test-kit.ts';

openLessonsAdmin();

describe(`lessons commands on ${databaseKind}`, () => {
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
