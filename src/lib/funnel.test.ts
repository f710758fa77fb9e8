import { describe, expect, it } from 'vitest';
import { funnelRows } from './funnel';

describe('the funnel', () => {
  it('measures each funnel row against what it is a part of, so no rate is above 100%', () => {
    const rows = funnelRows({
      visits: 200,
      signups_after_visit: 8,
      signups_without_visit: 2,
      opened_course: 5,
      started_lesson: 0,
      finished_course: 0,
    });
    expect(rows).toEqual([
      { key: 'visits', count: 200, rate: null },
      { key: 'signups_after_visit', count: 8, rate: 0.04 },
      { key: 'signups_without_visit', count: 2, rate: null },
      { key: 'opened_course', count: 5, rate: 0.5 },
      { key: 'started_lesson', count: 0, rate: 0 },
      { key: 'finished_course', count: 0, rate: null },
    ]);
    // No counted visit at all (pages served from elsewhere): every sign-up is a row of its own.
    expect(
      funnelRows({
        visits: 0,
        signups_after_visit: 0,
        signups_without_visit: 3,
        opened_course: 3,
        started_lesson: 1,
        finished_course: 1,
      }).map((row) => row.rate),
    ).toEqual([null, null, null, 1, 1 / 3, 1]);
  });
});
