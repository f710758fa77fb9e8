import type { OutlineLesson } from '@/shared/course-outline/outline';
import type { LessonMedia } from './lesson-media';
import { signLessonFiles } from './sign-course-files';

/**
 * Signs a free preview lesson's files (the paths the public outline names) in one request, under whatever
 * session the browser has: the storage policies let anyone read them.
 */
export function signPreviewMedia(preview: NonNullable<OutlineLesson['preview']>): Promise<LessonMedia> {
  return signLessonFiles({
    video: preview.videoPath,
    captions: preview.captionsPath,
    poster: preview.posterPath,
    stream: preview.streamPath,
  });
}
