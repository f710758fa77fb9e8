/**
 * The studio's Overview as the database's `studio_overview` gives it (the same numbers as `npm run admin --
 * stats`), and the pure sums and shares the panel shows from it.
 */
import { type Funnel, share } from '@/lib/funnel';

/** The counts of one UTC day, or of the whole period. */
export interface FunnelCounts {
  views_home: number;
  views_course: number;
  signups_new: number;
  opened_course: number;
  learners_started: number;
  lessons_started: number;
  lessons_completed: number;
  finished_course: number;
}

export interface OverviewDay extends FunnelCounts {
  /** A UTC day, 2026-11-27. */
  day: string;
}

/** Views of one day from one source: a campaign, another site's host, "direct", "other" or "unknown". */
export interface SourceViews {
  day: string;
  source: string;
  views: number;
}

/** A published lesson, in the course's order, with the learners who started and finished it in the period. */
export interface LessonDropOff {
  slug: string;
  title: string;
  started: number;
  finished: number;
}

/** One answer to the completion view's question, never who gave it. */
interface FeedbackAnswer {
  day: string;
  rating: number;
  comment: string | null;
}

export type Rating = '1' | '2' | '3' | '4' | '5';

export interface Overview {
  since: string;
  until: string;
  /** Every day of the period, oldest first. */
  days: OverviewDay[];
  total: FunnelCounts;
  funnel: Funnel;
  sources: SourceViews[];
  lessons: LessonDropOff[];
  feedback: {
    answers: number;
    average_rating: number | null;
    ratings: Record<Rating, number>;
    /** Newest first; the newest 100 of the period. */
    latest_answers: FeedbackAnswer[];
  };
}

/** The counts drawn day by day, in the funnel's order. */
export const FUNNEL_STEPS = [
  'views_home',
  'signups_new',
  'opened_course',
  'learners_started',
  'finished_course',
] as const satisfies readonly (keyof FunnelCounts)[];

export type FunnelStepKey = (typeof FUNNEL_STEPS)[number];

/** Nothing to show yet: no page view and no sign-up in the whole period. */
export const isEmptyOverview = (overview: Overview) =>
  overview.total.views_home + overview.total.views_course + overview.total.signups_new === 0;

/** Each source's views over the period, most first (then by name), with its share of all views. */
export function sourceTotals(
  sources: readonly SourceViews[],
): { source: string; views: number; share: number }[] {
  const totals = new Map<string, number>();
  for (const { source, views } of sources) totals.set(source, (totals.get(source) ?? 0) + views);
  const all = [...totals.values()].reduce((sum, views) => sum + views, 0);
  return [...totals]
    .map(([source, views]) => ({ source, views, share: share(views, all) ?? 0 }))
    .sort((a, b) => b.views - a.views || a.source.localeCompare(b.source));
}

/** The days that had views, newest first, each with its sources as the database ordered them (most first). */
export function sourcesByDay(sources: readonly SourceViews[]): { day: string; sources: SourceViews[] }[] {
  const days = new Map<string, SourceViews[]>();
  for (const row of sources) days.set(row.day, [...(days.get(row.day) ?? []), row]);
  return [...days].map(([day, rows]) => ({ day, sources: rows })).sort((a, b) => b.day.localeCompare(a.day));
}

/** The largest of a step's daily counts, and the first day it was reached; null when every day is 0. */
export function busiestDay(
  days: readonly OverviewDay[],
  key: FunnelStepKey,
): { day: string; count: number } | null {
  let best: { day: string; count: number } | null = null;
  for (const day of days) if (day[key] > (best?.count ?? 0)) best = { day: day.day, count: day[key] };
  return best;
}

/** The learners who finished a lesson over those who started it; null when nobody started it. */
export const finishedShare = (lesson: LessonDropOff) => share(lesson.finished, lesson.started);
