import { describe, expect, it } from 'vitest';
import {
  lessonLength,
  type OutlineLesson,
  outlineSummary,
  outlineTotalSeconds,
  roundedMinutes,
} from './outline';

const lesson = (slug: string, durationSeconds: number, orderIndex: number): OutlineLesson => ({
  slug,
  title: slug,
  summary: '',
  durationSeconds,
  orderIndex,
  isPreview: false,
  streams: false,
  speaksTo: [],
  files: null,
  preview: null,
});

// The seeded placeholder course: 47 + 43 + 37 + 43 + 42 seconds.
const seeded = [
  lesson('why-three-lenses', 47, 1),
  lesson('the-trends-lens', 43, 2),
  lesson('the-strengths-lens', 37, 3),
  lesson('the-dreams-lens', 43, 4),
  lesson('from-opportunities-to-action', 42, 5),
];

describe('outlineTotalSeconds', () => {
  it('adds up the lessons', () => {
    expect(outlineTotalSeconds(seeded)).toBe(212);
    expect(outlineTotalSeconds([])).toBe(0);
  });
});

describe('roundedMinutes', () => {
  it('rounds to the nearest minute, never below one for a course that plays', () => {
    expect(roundedMinutes(212)).toBe(4);
    expect(roundedMinutes(209)).toBe(3);
    expect(roundedMinutes(20)).toBe(1);
    expect(roundedMinutes(3600)).toBe(60);
    expect(roundedMinutes(0)).toBe(0);
  });
});

describe('outlineSummary', () => {
  it('says how many lessons and how long, on screen and aloud', () => {
    expect(outlineSummary(seeded)).toEqual({
      text: '5 lessons · 4 min',
      spoken: '5 lessons, 4 minutes in all',
    });
    expect(outlineSummary([lesson('one', 50, 1)])).toEqual({
      text: '1 lesson · 1 min',
      spoken: '1 lesson, 1 minute in all',
    });
  });
});

describe('lessonLength', () => {
  it('reads as a clock and as words', () => {
    expect(lessonLength(47)).toEqual({ clock: '0:47', spoken: '47 seconds' });
    expect(lessonLength(65)).toEqual({ clock: '1:05', spoken: '1 minute 5 seconds' });
    expect(lessonLength(120)).toEqual({ clock: '2:00', spoken: '2 minutes' });
    expect(lessonLength(1)).toEqual({ clock: '0:01', spoken: '1 second' });
    expect(lessonLength(0)).toEqual({ clock: '0:00', spoken: '0 seconds' });
    expect(lessonLength(754.6)).toEqual({ clock: '12:35', spoken: '12 minutes 35 seconds' });
    expect(lessonLength(721)).toEqual({ clock: '12:01', spoken: '12 minutes 1 second' });
  });
});
