/** Progress records for the course's tests: a position recorded at a time, watched or not. */
import type { LessonProgress } from './progress';

export const at = (
  positionSeconds: number,
  recordedAt: string,
  completedAt: string | null = null,
): LessonProgress => ({
  positionSeconds,
  completedAt,
  recordedAt,
});

export const T1 = '2026-11-23T10:00:00.000Z';
export const T2 = '2026-11-23T11:00:00.000Z';
export const T3 = '2026-11-23T12:00:00.000Z';
