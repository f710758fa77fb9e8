/**
 * The period's new sign-ups followed to today, as the database's `overview_funnel` counts them, for the studio's
 * Overview and the owner's `stats` alike. Each step counts some of the people of the step before it. Visits are
 * anonymous, so the sign-ups are split per day into those the day's counted visits can account for and the rest.
 */
export interface Funnel {
  visits: number;
  signups_after_visit: number;
  signups_without_visit: number;
  opened_course: number;
  started_lesson: number;
  finished_course: number;
}

export interface FunnelRow {
  key: keyof Funnel;
  count: number;
  /**
   * The count over the people it is a part of: the visits, everyone who signed up, or the step before. Null for
   * the visits, for the sign-ups without a counted visit (a part of nothing above) and when that whole is zero.
   */
  rate: number | null;
}

/** A part over its whole; null when the whole is zero. */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The funnel's rows in order; no rate is above 1, as each step is a part of the one it is measured against. */
export function funnelRows(funnel: Funnel): FunnelRow[] {
  const signups = funnel.signups_after_visit + funnel.signups_without_visit;
  return [
    { key: 'visits', count: funnel.visits, rate: null },
    {
      key: 'signups_after_visit',
      count: funnel.signups_after_visit,
      rate: share(funnel.signups_after_visit, funnel.visits),
    },
    { key: 'signups_without_visit', count: funnel.signups_without_visit, rate: null },
    { key: 'opened_course', count: funnel.opened_course, rate: share(funnel.opened_course, signups) },
    {
      key: 'started_lesson',
      count: funnel.started_lesson,
      rate: share(funnel.started_lesson, funnel.opened_course),
    },
    {
      key: 'finished_course',
      count: funnel.finished_course,
      rate: share(funnel.finished_course, funnel.started_lesson),
    },
  ];
}
