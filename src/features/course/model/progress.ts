import { z } from '@/lib/zod';
import type { Lesson } from './lesson';

/** The columns the page reads from `lesson_progress`; RLS gives a learner their own rows only. */
export const PROGRESS_COLUMNS = 'lesson_id, position_seconds, completed_at, updated_at';

export const progressRowSchema = z.object({
  lesson_id: z.union([z.number(), z.string()]),
  position_seconds: z.number().check(z.nonnegative()),
  completed_at: z.nullable(z.string()),
  updated_at: z.string(),
});

type ProgressRow = z.infer<typeof progressRowSchema>;

/** How far a learner is in one lesson. */
export interface LessonProgress {
  positionSeconds: number;
  /** When the lesson first counted as watched; once set, never cleared. */
  completedAt: string | null;
  /** When this position was recorded: the database's `updated_at`, or this browser's clock for an unsent save. */
  recordedAt: string;
}

/** Progress by lesson, keyed by `progressKey(lesson.id)`. */
export type ProgressByLesson = ReadonlyMap<string, LessonProgress>;

/** Lesson ids arrive as numbers or strings (bigint); one key for both. */
export const progressKey = (lessonId: Lesson['id']) => String(lessonId);

/** While a lesson plays, its position is saved at most this often (and also on pause, end, hiding and leaving). */
const SAVE_INTERVAL_MS = 10_000;
/** A lesson counts as watched once this share of it has been reached, or at its end. */
const WATCHED_SHARE = 0.9;
/** A position this close to the start is not worth offering to resume. */
const RESUME_FROM_SECONDS = 5;
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 60_000;

export function progressFromRows(rows: readonly ProgressRow[]): Map<string, LessonProgress> {
  return new Map(
    rows.map((row) => [
      progressKey(row.lesson_id),
      { positionSeconds: row.position_seconds, completedAt: row.completed_at, recordedAt: row.updated_at },
    ]),
  );
}

export const isSaveDue = (nowMs: number, lastSavedMs: number) => nowMs - lastSavedMs >= SAVE_INTERVAL_MS;

export const hasWatchedEnough = (positionSeconds: number, durationSeconds: number) =>
  durationSeconds > 0 && positionSeconds >= WATCHED_SHARE * durationSeconds;

/** Where opening a lesson starts: where the learner stopped, unless that was near the start or it is watched. */
export function resumePosition(progress: LessonProgress | undefined): number {
  if (!progress || progress.completedAt !== null || progress.positionSeconds < RESUME_FROM_SECONDS) return 0;
  return progress.positionSeconds;
}

export type LessonState = 'not-started' | 'in-progress' | 'watched';

export function lessonState(progress: LessonProgress | undefined): LessonState {
  if (progress?.completedAt) return 'watched';
  return progress && progress.positionSeconds > 0 ? 'in-progress' : 'not-started';
}

export const watchedCount = (lessons: readonly Lesson[], progress: ProgressByLesson) =>
  lessons.filter((lesson) => lessonState(progress.get(progressKey(lesson.id))) === 'watched').length;

const earliest = (a: string | null, b: string | null) => {
  if (a === null || b === null) return a ?? b;
  return Date.parse(a) <= Date.parse(b) ? a : b;
};

/**
 * Whether a position from elsewhere (a preview watched before signing in) takes the lesson further than its
 * saved progress: none saved yet, a completion where there was none, or further into an unwatched lesson.
 */
export function movesOn(saved: LessonProgress | undefined, candidate: LessonProgress): boolean {
  if (!saved) return true;
  if (saved.completedAt !== null) return false;
  return candidate.completedAt !== null || candidate.positionSeconds > saved.positionSeconds;
}

/**
 * A newer record of one lesson over an older one: the newer position wins (the learner may rewatch from the
 * start), and a completion on either side is kept with its first time.
 */
export function laterProgress(older: LessonProgress | undefined, newer: LessonProgress): LessonProgress {
  return { ...newer, completedAt: earliest(older?.completedAt ?? null, newer.completedAt) };
}

/**
 * The database's rows with this browser's unsent saves: for each lesson the more recently recorded position
 * wins (another device may have moved on since), and a completion from either side is never lost.
 */
export function mergeProgress(
  saved: ProgressByLesson,
  pending: ProgressByLesson,
): Map<string, LessonProgress> {
  const merged = new Map(saved);
  for (const [key, unsent] of pending) {
    const known = saved.get(key);
    const unsentIsNewer = !known || Date.parse(unsent.recordedAt) > Date.parse(known.recordedAt);
    merged.set(key, unsentIsNewer ? laterProgress(known, unsent) : laterProgress(unsent, known));
  }
  return merged;
}

/** The wait before the next try of a failed save: doubling from 2 s, at most a minute. */
export const retryDelayMs = (failures: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);

/**
 * This browser's unsent saves once the database's rows are in: those the database already has (or has something
 * newer for, completion included) are dropped; the rest are what is left to send, merged with the rows.
 */
export function stillUnsent(saved: ProgressByLesson, unsent: ProgressByLesson): Map<string, LessonProgress> {
  const merged = mergeProgress(saved, unsent);
  const left = new Map<string, LessonProgress>();
  for (const [key, progress] of merged) {
    const known = saved.get(key);
    if (!unsent.has(key)) continue;
    if (
      known &&
      known.positionSeconds === progress.positionSeconds &&
      known.completedAt === progress.completedAt
    )
      continue;
    left.set(key, progress);
  }
  return left;
}

const isWatched = (lesson: Lesson, progress: ProgressByLesson) =>
  lessonState(progress.get(progressKey(lesson.id))) === 'watched';

/** Finished means every published lesson watched: a course with no lessons is never finished. */
export const isCourseFinished = (lessons: readonly Lesson[], progress: ProgressByLesson) =>
  lessons.length > 0 && lessons.every((lesson) => isWatched(lesson, progress));

/** Where the learner stopped: the first lesson, in order, not yet watched (undefined once all are). */
export const firstUnwatched = (lessons: readonly Lesson[], progress: ProgressByLesson) =>
  lessons.find((lesson) => !isWatched(lesson, progress));

/** What a lesson's end offers: the next lesson still to watch, the ones left when this was the last, or nothing. */
export type EndOffer =
  | { kind: 'next'; lesson: Lesson }
  | { kind: 'still-to-watch'; lessons: Lesson[]; watched: number }
  | { kind: 'finished' };

/**
 * The offer after `current` ends: the next unwatched lesson after it; when none is left after it but earlier
 * ones are unwatched, those (the course is not finished); when every lesson is watched, finished.
 */
export function endOffer(lessons: readonly Lesson[], progress: ProgressByLesson, current: Lesson): EndOffer {
  const unwatched = lessons.filter((lesson) => !isWatched(lesson, progress) && lesson !== current);
  if (unwatched.length === 0) return { kind: 'finished' };
  const after = unwatched.find((lesson) => lessons.indexOf(lesson) > lessons.indexOf(current));
  if (after) return { kind: 'next', lesson: after };
  return { kind: 'still-to-watch', lessons: unwatched, watched: lessons.length - unwatched.length };
}
