import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
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
      { slug: 'a', title: 'One (1)', summary: '', durationSeconds: 65, orderIndex: 1 },
      { slug: 'b', title: "It's two, really", summary: '', durationSeconds: 30, orderIndex: 2 },
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
