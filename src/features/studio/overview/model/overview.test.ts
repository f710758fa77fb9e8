import { describe, expect, it } from 'vitest';
import {
  busiestDay,
  finishedShare,
  isEmptyOverview,
  type Overview,
  type OverviewDay,
  sourcesByDay,
  sourceTotals,
} from './overview';

const zero = {
  views_home: 0,
  views_course: 0,
  signups_new: 0,
  opened_course: 0,
  learners_started: 0,
  lessons_started: 0,
  lessons_completed: 0,
  finished_course: 0,
};

describe('the overview model', () => {
  it('sums each source over the days, most first, with its share of all views', () => {
    const totals = sourceTotals([
      { day: '2026-11-26', source: 'direct', views: 3 },
      { day: '2026-11-26', source: 'newsletter', views: 1 },
      { day: '2026-11-27', source: 'newsletter', views: 4 },
      { day: '2026-11-27', source: 'google.com', views: 2 },
    ]);
    expect(totals).toEqual([
      { source: 'newsletter', views: 5, share: 0.5 },
      { source: 'direct', views: 3, share: 0.3 },
      { source: 'google.com', views: 2, share: 0.2 },
    ]);
    expect(sourceTotals([])).toEqual([]);
  });

  it("groups the sources by day, newest day first, keeping each day's order", () => {
    const grouped = sourcesByDay([
      { day: '2026-11-26', source: 'direct', views: 3 },
      { day: '2026-11-27', source: 'newsletter', views: 4 },
      { day: '2026-11-27', source: 'google.com', views: 2 },
    ]);
    expect(grouped.map(({ day, sources }) => [day, sources.map((row) => row.source)])).toEqual([
      ['2026-11-27', ['newsletter', 'google.com']],
      ['2026-11-26', ['direct']],
    ]);
  });

  it('finds the first busiest day of a step, none when every day is 0', () => {
    const days: OverviewDay[] = [
      { ...zero, day: '2026-11-25', signups_new: 2 },
      { ...zero, day: '2026-11-26', signups_new: 5 },
      { ...zero, day: '2026-11-27', signups_new: 5 },
    ];
    expect(busiestDay(days, 'signups_new')).toEqual({ day: '2026-11-26', count: 5 });
    expect(busiestDay(days, 'views_home')).toBeNull();
  });

  it('calls a period empty without views and sign-ups, and shares a lesson finished over started', () => {
    const overview = (total: typeof zero): Overview => ({
      since: '2026-11-27',
      until: '2026-11-27',
      days: [],
      total,
      funnel: {
        visits: 0,
        signups_after_visit: 0,
        signups_without_visit: 0,
        opened_course: 0,
        started_lesson: 0,
        finished_course: 0,
      },
      sources: [],
      lessons: [],
      feedback: {
        answers: 0,
        average_rating: null,
        ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        latest_answers: [],
      },
    });
    expect(isEmptyOverview(overview(zero))).toBe(true);
    expect(isEmptyOverview(overview({ ...zero, views_course: 1 }))).toBe(false);
    expect(isEmptyOverview(overview({ ...zero, signups_new: 1 }))).toBe(false);
    expect(finishedShare({ slug: 'one', title: 'One', started: 4, finished: 1 })).toBe(0.25);
    expect(finishedShare({ slug: 'one', title: 'One', started: 0, finished: 0 })).toBeNull();
  });
});
