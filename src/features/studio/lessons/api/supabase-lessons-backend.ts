/** The studio's lessons through supabase-js: the database's `studio_*` functions and the bucket "course". */
import { signLessonFiles } from '@/shared/player/sign-course-files';
import { lessonRow } from '@/lib/lesson-row';
import { z } from '@/lib/zod';
import { uploadResumably, uploadSmallFile } from '../../api/bucket-uploads';
import { studioRpc } from '../../api/studio-rpc';
import type { LessonsBackend, StudioLesson } from '../model/lessons-backend';
import { inspectVideo } from './inspect-video';

const studioLessons = z.array(lessonRow);
const lessonStreams = z.array(
  z.object({
    lesson_id: z.number(),
    state: z.enum(['waiting', 'working', 'done', 'failed']),
    percent: z.number(),
    message: z.nullable(z.string()),
  }),
);

export const supabaseLessonsBackend: LessonsBackend = {
  listLessons: () => studioRpc('studio_lessons', {}, studioLessons),
  saveLesson: (lesson) => studioRpc('studio_save_lesson', lesson, lessonRow),
  reorderLessons: (ids) => studioRpc('studio_reorder_lessons', { ids }, studioLessons),
  setPublished: (id, published) =>
    studioRpc('studio_set_lesson_published', { lesson_id: id, published }, lessonRow),
  deleteLesson: (id) => studioRpc('studio_delete_lesson', { lesson_id: id }, studioLessons),
  lessonStreams: () => studioRpc('studio_lesson_streams', {}, lessonStreams),
  inspectVideo,

  uploadVideo: (path, file, onProgress) => uploadResumably('course', path, file, onProgress),
  uploadFile: (path, file, contentType) => uploadSmallFile('course', path, file, contentType),

  signLessonMedia(lesson: StudioLesson) {
    return signLessonFiles({
      video: lesson.video_path,
      captions: lesson.captions_path,
      poster: lesson.poster_path,
      stream: lesson.stream_path,
    });
  },
};
