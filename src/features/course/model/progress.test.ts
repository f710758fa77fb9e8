import { describe, expect, it } from 'vitest';
import type { Lesson } from './lesson';
import {
  endOffer,
  firstUnwatched,
  hasWatchedEnough,
  isCourseFinished,
  isSaveDue,
  laterProgress,
  lessonState,
  mergeProgress,
  progressFromRows,
  resumePosition,
  retryDelayMs,
  stillUnsent,
  watchedCount,
} from './progress';
import { at, T1, T2, T3 } from './progress-fixtures';

describe('when to save', () => {
  it('saves a playing lesson at most every 10 s', () => {
    expect(isSaveDue(19_999, 10_000)).toBe(false);
    expect(isSaveDue(20_000, 10_000)).toBe(true);
  });

  it('waits longer after each failed save, doubling from 2 s up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('completion', () => {
  it('counts a lesson watched from 90 % of its length', () => {
    expect(hasWatchedEnough(35.9, 40)).toBe(false);
    expect(hasWatchedEnough(36, 40)).toBe(true);
    expect(hasWatchedEnough(40, 40)).toBe(true);
  });

  it('never counts a lesson of unknown length', () => {
    expect(hasWatchedEnough(10, 0)).toBe(false);
  });
});

describe('resuming', () => {
  it('opens where the learner stopped, unless that was near the start or the lesson is watched', () => {
    expect(resumePosition(undefined)).toBe(0);
    expect(resumePosition(at(4.9, T1))).toBe(0);
    expect(resumePosition(at(21.5, T1))).toBe(21.5);
    expect(resumePosition(at(21.5, T1, T1))).toBe(0);
  });
});

describe('the list', () => {
  const lesson = (id: number | string): Lesson => ({
    id,
    slug: `lesson-${id}`,
    title: `Lesson ${id}`,
    summary: '',
    video_path: `lessons/${id}.mp4`,
    stream_path: null,
    captions_path: null,
    poster_path: null,
    duration_seconds: 40,
    order_index: Number(id),
  });

  it('names each lesson not started, in progress or watched', () => {
    expect(lessonState(undefined)).toBe('not-started');
    expect(lessonState(at(0, T1))).toBe('not-started');
    expect(lessonState(at(3, T1))).toBe('in-progress');
    expect(lessonState(at(0, T2, T1))).toBe('watched');
  });

  it('counts the watched lessons among those listed, whatever type their ids have', () => {
    const progress = progressFromRows([
      { lesson_id: 1, position_seconds: 40, completed_at: T1, updated_at: T1 },
      { lesson_id: '2', position_seconds: 12, completed_at: null, updated_at: T1 },
      { lesson_id: 3, position_seconds: 2, completed_at: T2, updated_at: T2 },
      { lesson_id: 9, position_seconds: 40, completed_at: T1, updated_at: T1 },
    ]);
    expect(watchedCount([lesson(1), lesson(2), lesson('3'), lesson(4)], progress)).toBe(2);
  });

  const [one, two, three, four, last] = [1, 2, 3, 4, 5].map(lesson) as [
    Lesson,
    Lesson,
    Lesson,
    Lesson,
    Lesson,
  ];
  const five = [one, two, three, four, last];
  const watched = (...ids: number[]) => new Map(ids.map((id) => [String(id), at(40, T1, T1)]));

  it('continues at the first lesson not yet watched, whatever was watched after it', () => {
    expect(firstUnwatched(five, new Map())).toBe(one);
    expect(firstUnwatched(five, watched(1, 3))).toBe(two);
    expect(firstUnwatched(five, new Map([['1', at(30, T1)]]))).toBe(one);
    expect(firstUnwatched(five, watched(1, 2, 3, 4, 5))).toBeUndefined();
  });

  it('calls the course finished only when every lesson is watched', () => {
    expect(isCourseFinished(five, watched(1, 2, 3, 4))).toBe(false);
    expect(isCourseFinished(five, watched(5, 4, 3, 2, 1))).toBe(true);
    expect(isCourseFinished([], new Map())).toBe(false);
  });

  it("offers the next unwatched lesson after one ends, the ones left after the last, or the course's end", () => {
    expect(endOffer(five, watched(1), one)).toEqual({ kind: 'next', lesson: two });
    expect(endOffer(five, watched(1, 2, 3), two)).toEqual({ kind: 'next', lesson: four });
    expect(endOffer(five, watched(1, 2, 5), last)).toEqual({
      kind: 'still-to-watch',
      lessons: [three, four],
      watched: 3,
    });
    expect(endOffer(five, watched(1, 2, 3, 4), last)).toEqual({ kind: 'finished' });
    expect(endOffer(five, watched(1, 2, 3, 4, 5), three)).toEqual({ kind: 'finished' });
  });
});

describe('merging', () => {
  it('takes the newer position and keeps the first completion', () => {
    expect(laterProgress(at(38, T1, T1), at(3, T2))).toEqual(at(3, T2, T1));
    expect(laterProgress(at(38, T2, T2), at(39, T3, T3))).toEqual(at(39, T3, T2));
    expect(laterProgress(undefined, at(5, T1))).toEqual(at(5, T1));
  });

  it("prefers this browser's unsent position when newer, the database's when another device moved on since", () => {
    const saved = new Map([
      ['1', at(10, T2)],
      ['2', at(30, T2, T2)],
      ['3', at(12, T2)],
    ]);
    const unsent = new Map([
      ['1', at(25, T3)],
      ['2', at(5, T1)],
      ['3', at(38, T1, T1)],
      ['4', at(7, T1)],
    ]);
    expect(mergeProgress(saved, unsent)).toEqual(
      new Map([
        ['1', at(25, T3)],
        ['2', at(30, T2, T2)],
        ['3', at(12, T2, T1)],
        ['4', at(7, T1)],
      ]),
    );
  });

  it('keeps as unsent only what the database does not have yet, completions included', () => {
    const saved = new Map([
      ['1', at(10, T2)],
      ['2', at(30, T2, T2)],
      ['3', at(12, T2)],
    ]);
    const unsent = new Map([
      ['1', at(25, T3)],
      ['2', at(5, T1)],
      ['3', at(38, T1, T1)],
    ]);
    expect(stillUnsent(saved, unsent)).toEqual(
      new Map([
        ['1', at(25, T3)],
        ['3', at(12, T2, T1)],
      ]),
    );
  });
});
