import { describe, expect, it } from 'vitest';
import { LESSON_SLUG_PATTERN, slugFromTitle } from './lesson-slug';

describe('slugFromTitle', () => {
  it('makes a link name of a title: accents dropped, anything else split by single hyphens', () => {
    expect(slugFromTitle('Lens one: trends')).toBe('lens-one-trends');
    expect(slugFromTitle('  Rêves & métiers — 2030!  ')).toBe('reves-metiers-2030');
    expect(slugFromTitle(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    expect(LESSON_SLUG_PATTERN.test(slugFromTitle('Lens one: trends'))).toBe(true);
  });
});
