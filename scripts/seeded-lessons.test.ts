import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { ageGroups, strengthOptions, worryOptions } from '../src/content/signup.ts';
import { seededFirstPosterFile, seededLessonSeconds, seededOutline } from './seeded-lessons.mjs';

const seed = (rows: string, columns = 'slug, title, duration_seconds, order_index') => `
insert into public.lessons (slug, title, duration_seconds, order_index, is_published)
select slug, title, duration_seconds, order_index, true
from (values
${rows}
) as sample (${columns})
where not exists (select 1 from public.lessons);`;

describe('seededLessonSeconds', () => {
  it("reads the placeholder lessons' lengths from the seed, in their order", () => {
    expect(seededLessonSeconds()).toEqual([47, 43, 37, 43, 42]);
  });

  it('orders by order_index and reads titles with quotes and commas', () => {
    const rows = ["  ('b', 'It''s two, really', 30, 2),", "  ('a', 'One (1), 2', 65, 1)"].join('\n');
    expect(seededLessonSeconds(seed(rows))).toEqual([65, 30]);
  });

  it('refuses a seed it cannot read rather than guessing a length', () => {
    expect(() => seededLessonSeconds(seed("  ('a', 'A', 1)", 'slug, title, order_index'))).toThrow(
      /no duration_seconds column/,
    );
    expect(() => seededLessonSeconds(seed("  ('a', 'A', 'long', 1)"))).toThrow(/cannot read the lesson row/);
    expect(() => seededLessonSeconds(seed(''))).toThrow(/no lesson found/);
  });
});

describe('seededOutline', () => {
  it('reads each lesson as the public outline has it, in order, whatever order the columns are in', () => {
    const rows = [
      "  (2, 'b', 'It''s two, really', 'lessons/b.mp4', 30),",
      "  (1, 'a', 'One (1)', 'lessons/a.mp4', 65)",
    ];
    expect(
      seededOutline(seed(rows.join('\n'), 'order_index, slug, title, video_path, duration_seconds')),
    ).toEqual([
      {
        slug: 'a',
        title: 'One (1)',
        summary: '',
        durationSeconds: 65,
        orderIndex: 1,
        isPreview: false,
        speaksTo: [],
      },
      {
        slug: 'b',
        title: "It's two, really",
        summary: '',
        durationSeconds: 30,
        orderIndex: 2,
        isPreview: false,
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
  it('reads whether a lesson is a preview and the tags it speaks to, quotes and commas included', () => {
    const rows = [
      "  ('a', 'A', 65, 1, true, array[]::text[]),",
      "  ('b', 'B', 30, 2, false, array['Art & Design', 'It''s, odd', 'under25'])",
    ];
    const columns = 'slug, title, duration_seconds, order_index, is_preview, speaks_to';
    expect(
      seededOutline(seed(rows.join('\n'), columns)).map(({ slug, isPreview, speaksTo }) => ({
        slug,
        isPreview,
        speaksTo,
      })),
    ).toEqual([
      { slug: 'a', isPreview: true, speaksTo: [] },
      { slug: 'b', isPreview: false, speaksTo: ['Art & Design', "It's, odd", 'under25'] },
    ]);
  });

  it('refuses an array it cannot read', () => {
    const columns = 'slug, title, duration_seconds, order_index, speaks_to';
    expect(() => seededOutline(seed("  ('a', 'A', 65, 1, array['x' 'y'])", columns))).toThrow(
      /cannot read the lesson row/,
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

describe('seededFirstPosterFile', () => {
  it("finds the first lesson's poster in the repository's copy of the bucket", () => {
    const file = seededFirstPosterFile();
    expect(file).toMatch(/supabase\/storage\/course\/lessons\/why-three-lenses\.webp$/);
    expect(existsSync(file ?? '')).toBe(true);
  });

  it('is null for a first lesson without a poster', () => {
    expect(seededFirstPosterFile(seed("  ('a', 'A', 65, 1)"))).toBeNull();
  });
});
