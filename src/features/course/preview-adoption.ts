import { z } from '@/lib/zod';
import { previewPositionKey } from '@/shared/player/preview-position';
import type { Lesson } from './model/lesson';
import {
  type LessonProgress,
  type ProgressByLesson,
  hasWatchedEnough,
  movesOn,
  progressKey,
} from './model/progress';

const previewPositionSchema = z.object({
  positionSeconds: z.number().check(z.nonnegative()),
  durationSeconds: z.number().check(z.nonnegative()),
  recordedAt: z.string(),
});

function readPosition(storage: Storage, slug: string) {
  try {
    const raw = storage.getItem(previewPositionKey(slug));
    if (raw === null) return null;
    storage.removeItem(previewPositionKey(slug));
    const parsed = previewPositionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The free previews watched on this device before signing in, as the signed-in learner's progress: each one
 * that takes its lesson further than `saved` (a preview watched to 90 % counts as watched). Each is read once
 * and removed, so it counts for the first learner who signs in here and never again.
 */
export function adoptPreviewPositions(
  lessons: readonly Lesson[],
  saved: ProgressByLesson,
  storage: Storage = window.localStorage,
): Map<string, LessonProgress> {
  const adopted = new Map<string, LessonProgress>();
  for (const lesson of lessons) {
    const position = readPosition(storage, lesson.slug);
    if (!position) continue;
    const key = progressKey(lesson.id);
    const progress: LessonProgress = {
      positionSeconds: position.positionSeconds,
      completedAt: hasWatchedEnough(position.positionSeconds, position.durationSeconds)
        ? position.recordedAt
        : null,
      recordedAt: position.recordedAt,
    };
    if (movesOn(saved.get(key), progress)) adopted.set(key, progress);
  }
  return adopted;
}
