import { beforeEach, describe, expect, it } from 'vitest';
import { previewPositionKey } from '@/shared/player/preview-position';
import { lessons } from './components/course-page-fixtures';
import { at, T1, T2 } from './model/progress-fixtures';
import { adoptPreviewPositions } from './preview-adoption';

const keep = (slug: string, positionSeconds: number, durationSeconds = 45, recordedAt = T2) =>
  window.localStorage.setItem(
    previewPositionKey(slug),
    JSON.stringify({ positionSeconds, durationSeconds, recordedAt }),
  );

describe('adoptPreviewPositions', () => {
  beforeEach(() => window.localStorage.clear());

  it('turns a preview watched part-way or to 90 % into progress, once', () => {
    keep('welcome', 12);
    keep('three-lenses', 59, 65);
    expect(adoptPreviewPositions(lessons, new Map())).toEqual(
      new Map([
        ['1', at(12, T2)],
        ['2', at(59, T2, T2)],
      ]),
    );
    expect(adoptPreviewPositions(lessons, new Map())).toEqual(new Map());
  });

  it('never takes a lesson back: a saved completion or a further position stays', () => {
    keep('welcome', 12);
    keep('three-lenses', 30, 65);
    const saved = new Map([
      ['1', at(45, T1, T1)],
      ['2', at(40, T1)],
    ]);
    expect(adoptPreviewPositions(lessons, saved)).toEqual(new Map());
  });

  it('moves an unwatched lesson further on, and ignores what is not a position', () => {
    keep('welcome', 30);
    window.localStorage.setItem(previewPositionKey('three-lenses'), '{"positionSeconds":-1}');
    window.localStorage.setItem(previewPositionKey('first-step'), 'not json');
    expect(adoptPreviewPositions(lessons, new Map([['1', at(10, T1)]]))).toEqual(
      new Map([['1', at(30, T2)]]),
    );
    expect(window.localStorage.length).toBe(0);
  });
});
