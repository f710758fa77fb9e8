import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ageGroups, strengthOptions, worryOptions } from '../src/content/signup.ts';
import { createPgliteTestDatabase } from '../server/test/test-database.ts';
import {
  courseBucket,
  lessonFilePaths,
  readSeededLessons,
  seededFirstPosterPath,
  seededFirstThumbnailFile,
  seededLessonSeconds,
  seededOutline,
  seedSql,
  seedSqlFile,
  type SeededLesson,
} from './seeded-lessons.mjs';

const card = { eyebrow: 'E', heading: 'H', text: 'T', lens: 'all', lines: ['A line.'] } as const;
const lesson = (slug: string, fields: Partial<SeededLesson> = {}): SeededLesson => ({
  slug,
  title: slug.toUpperCase(),
  summary: '',
  durationSeconds: 60,
  isPreview: false,
  speaksTo: [],
  cards: [{ ...card, lines: [...card.lines] }],
  ...fields,
});

describe('seededLessonSeconds', () => {
  it("reads the placeholder lessons' lengths from the data file, in their order", () => {
    expect(seededLessonSeconds()).toEqual([47, 43, 37, 43, 42]);
  });

  it("keeps the data file's order", () => {
    const lessons = [lesson('b', { durationSeconds: 65 }), lesson('a', { durationSeconds: 30 })];
    expect(seededLessonSeconds(lessons)).toEqual([65, 30]);
  });

  it('refuses a data file it cannot read rather than guessing a length', () => {
    const withoutDuration = { ...lesson('a'), durationSeconds: undefined };
    expect(() => readSeededLessons(JSON.stringify([withoutDuration]))).toThrow(
      /lessons\.json[\s\S]*durationSeconds/,
    );
    expect(() =>
      readSeededLessons(JSON.stringify([lesson('a', { durationSeconds: 'long' as never })])),
    ).toThrow(/durationSeconds/);
    expect(() => readSeededLessons('[]')).toThrow(/no lesson found/);
  });
});

describe('seededOutline', () => {
  it('gives each lesson as the public outline has it, numbered in order', () => {
    const lessons = [
      lesson('a', { title: 'One (1)', durationSeconds: 65 }),
      lesson('b', { title: "It's two, really", durationSeconds: 30 }),
    ];
    expect(seededOutline(lessons)).toEqual([
      {
        slug: 'a',
        title: 'One (1)',
        summary: '',
        durationSeconds: 65,
        orderIndex: 1,
        isPreview: false,
        streams: false,
        speaksTo: [],
      },
      {
        slug: 'b',
        title: "It's two, really",
        summary: '',
        durationSeconds: 30,
        orderIndex: 2,
        isPreview: false,
        streams: false,
        speaksTo: [],
      },
    ]);
  });

  it('reads the placeholder lessons, summaries included', () => {
    const [first] = seededOutline();
    expect(first).toMatchObject({
      slug: 'why-three-lenses',
      title: 'Why plan with three lenses',
      durationSeconds: 47,
    });
    expect(first?.summary).toMatch(/^Nobody can predict the future/);
  });
});

describe('seededOutline: previews and tags', () => {
  it('gives whether a lesson is a preview and the tags it speaks to, quotes and commas included', () => {
    const lessons = [
      lesson('a', { isPreview: true }),
      lesson('b', { speaksTo: ['Art & Design', "It's, odd", 'under25'] }),
    ];
    expect(
      seededOutline(lessons).map(({ slug, isPreview, speaksTo }) => ({ slug, isPreview, speaksTo })),
    ).toEqual([
      { slug: 'a', isPreview: true, speaksTo: [] },
      { slug: 'b', isPreview: false, speaksTo: ['Art & Design', "It's, odd", 'under25'] },
    ]);
  });

  it('refuses tags it cannot read', () => {
    expect(() => readSeededLessons(JSON.stringify([lesson('a', { speaksTo: 'x y' as never })]))).toThrow(
      /speaksTo/,
    );
  });

  it('makes the first placeholder lesson the preview, and tags the others with questionnaire options only', () => {
    const lessons = seededOutline();
    expect(lessons.map((lesson) => lesson.isPreview)).toEqual([true, false, false, false, false]);
    expect(lessons[0]?.speaksTo).toEqual([]);
    const known = new Set<string>([
      ...worryOptions,
      ...ageGroups.map((group) => group.id),
      ...Object.values(strengthOptions).flat(),
    ]);
    for (const lesson of lessons.slice(1)) {
      expect(lesson.speaksTo.length, lesson.slug).toBeGreaterThan(0);
      for (const tag of lesson.speaksTo) expect(known, `${lesson.slug}: ${tag}`).toContain(tag);
    }
  });
});

describe('seededFirstPosterPath', () => {
  it("names the first lesson's poster in the bucket, and none without lessons", () => {
    expect(seededFirstPosterPath([lesson('first'), lesson('second')])).toBe('lessons/first.webp');
    expect(seededFirstPosterPath([])).toBeNull();
  });
});

describe('seededFirstThumbnailFile', () => {
  it("finds the first lesson's small poster, a fraction of the poster's bytes", () => {
    const file = seededFirstThumbnailFile() ?? '';
    expect(file).toMatch(/supabase\/seeds\/thumbnails\/why-three-lenses\.webp$/);
    const poster = path.join(courseBucket, lessonFilePaths({ slug: 'why-three-lenses' }).posterPath);
    expect(statSync(file).size).toBeLessThan(statSync(poster).size / 3);
  });

  it('is null for a first lesson without one', () => {
    expect(seededFirstThumbnailFile([lesson('no-such-lesson')])).toBeNull();
  });
});

describe('seedSql', () => {
  it('is what supabase/seeds/lessons.sql holds, so the SQL seed and the build tell of the same lessons', () => {
    expect(
      readFileSync(seedSqlFile, 'utf8'),
      'lessons.sql is out of step with lessons.json: run `node scripts/make-placeholder-lessons.mjs --seed-only`',
    ).toBe(seedSql());
  });

  it('puts every lesson in the database as the data file has it, quotes and commas included', async () => {
    const lessons = [
      lesson('a', { title: "It's two, really", summary: 'One (1), 2', isPreview: true }),
      lesson('b', { durationSeconds: 30, speaksTo: ['Art & Design', "It's, odd", 'under25'] }),
    ];
    const db = await createPgliteTestDatabase();
    try {
      await db.exec(seedSql(lessons));
      const rows = await db.query<Record<string, unknown>>(
        `select slug, title, summary, duration_seconds, order_index, is_published, is_preview, speaks_to,
                video_path, captions_path, poster_path
         from public.lessons order by order_index`,
      );
      expect(rows).toEqual(
        seededOutline(lessons).map((outline) => ({
          slug: outline.slug,
          title: outline.title,
          summary: outline.summary,
          duration_seconds: outline.durationSeconds,
          order_index: outline.orderIndex,
          is_published: true,
          is_preview: outline.isPreview,
          speaks_to: outline.speaksTo,
          video_path: `lessons/${outline.slug}.mp4`,
          captions_path: `lessons/${outline.slug}.vtt`,
          poster_path: `lessons/${outline.slug}.webp`,
        })),
      );
    } finally {
      await db.close();
    }
  });
});
