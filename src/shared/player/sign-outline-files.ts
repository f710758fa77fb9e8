import type { LessonFiles } from '@/shared/course-outline/outline';
import type { LessonMedia } from './lesson-media';
import { signLessonFiles } from './sign-course-files';

/**
 * Signs a lesson's files, as the public outline names them, in one request under whatever session the browser
 * has: anyone may read a free preview's, a signed-in learner every published lesson's. Rejects when the video
 * cannot be signed.
 */
export function signOutlineFiles(files: LessonFiles): Promise<LessonMedia> {
  return signLessonFiles({
    video: files.videoPath,
    captions: files.captionsPath,
    poster: files.posterPath,
    stream: files.streamPath,
  });
}
