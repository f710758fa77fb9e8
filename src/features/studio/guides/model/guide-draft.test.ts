import { describe, expect, it } from 'vitest';
import { carouselPlace, draftProblems, moveId } from './guide-draft';

describe('draftProblems', () => {
  it('checks trimmed fields by the database’s limits, in the form’s order', () => {
    expect(draftProblems({ name: ' Ada ', title: 'Analyst', quote: ' ' })).toEqual([]);
    expect(draftProblems({ name: '  ', title: 't'.repeat(201), quote: `${'q'.repeat(601)}  ` })).toEqual([
      { field: 'name', problem: 'empty' },
      { field: 'title', problem: 'long' },
      { field: 'quote', problem: 'long', length: 601 },
    ]);
    expect(draftProblems({ name: 'n'.repeat(121), title: '', quote: '' })).toEqual([
      { field: 'name', problem: 'long' },
      { field: 'title', problem: 'empty' },
    ]);
  });
});

describe('moveId', () => {
  it('moves one id to another place, the others keeping their order', () => {
    expect(moveId([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveId([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveId([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
  });
});

describe('carouselPlace', () => {
  it('counts the shown guides before it, as the carousel cycles its drawn pictures', () => {
    const guides = [
      { id: 1, isActive: true },
      { id: 2, isActive: false },
      { id: 3, isActive: true },
    ];
    expect(carouselPlace(guides, 1)).toBe(0);
    expect(carouselPlace(guides, 3)).toBe(1);
    expect(carouselPlace(guides, 2)).toBe(1);
    expect(carouselPlace(guides, null)).toBe(2);
  });
});
