import type { StudioLesson } from './lessons-backend';

type PreviewState = Pick<StudioLesson, 'is_published' | 'is_preview'>;

const isLivePreview = (lesson: PreviewState) => lesson.is_published && lesson.is_preview;

/**
 * Whether changing lesson `id` to `after` leaves the course with no published free preview where it had one:
 * visitors would then lose the lesson they can watch before signing in (the success panel's and /course's).
 */
export function leavesNoPreview(lessons: readonly StudioLesson[], id: number, after: PreviewState): boolean {
  return (
    lessons.some(isLivePreview) && !lessons.some((lesson) => isLivePreview(lesson.id === id ? after : lesson))
  );
}
