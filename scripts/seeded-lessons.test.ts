import { describe, expect, it } from 'vitest';
import { seededLessonSeconds } from './seeded-lessons.mjs';

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
    expect(() =>
      seededLessonSeconds(seed("  ('a', 'A', 65, 1)", 'slug, title, order_index, duration_seconds')),
    ).toThrow(/duration_seconds, order_index/);
    expect(() => seededLessonSeconds(seed("  ('a', 'A', 'long', 1)"))).toThrow(/cannot read the lesson row/);
    expect(() => seededLessonSeconds(seed(''))).toThrow(/no lesson found/);
  });
});
