import { describe, expect, it } from 'vitest';
import { courseCopy } from './course-page';

describe('courseCopy.lessons.spokenDuration', () => {
  it.each([
    [0, 45, '45 seconds'],
    [0, 1, '1 second'],
    [1, 0, '1 minute'],
    [1, 5, '1 minute 5 seconds'],
    [12, 1, '12 minutes 1 second'],
    [0, 0, '0 seconds'],
  ])('says %i min %i s as "%s"', (minutes, seconds, words) => {
    expect(courseCopy.lessons.spokenDuration(minutes, seconds)).toBe(words);
  });
});
