/** The studio's lessons through supabase-js: the database's `studio_*` functions and the bucket "course". */
import type { Upload } from 'tus-js-client';
import { signLessonFiles } from '@/shared/player/sign-course-files';
import { lessonRow } from '@/lib/lesson-row';
import { getSupabase, supabaseConfig } from '@/lib/supabase';
import { z } from '@/lib/zod';
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

/** Supabase Storage's TUS endpoint asks for chunks of exactly this size (6 MB). */
const CHUNK_BYTES = 6 * 1024 * 1024;

/** The signed-in owner's current access token: a long upload outlives the one it started with. */
async function accessToken(): Promise<string> {
  const { data, error } = await (await getSupabase()).auth.getSession();
  if (error || !data.session) throw new Error('Not signed in.');
  return data.session.access_token;
}

export const supabaseLessonsBackend: LessonsBackend = {
  listLessons: () => studioRpc('studio_lessons', {}, studioLessons),
  saveLesson: (lesson) => studioRpc('studio_save_lesson', lesson, lessonRow),
  reorderLessons: (ids) => studioRpc('studio_reorder_lessons', { ids }, studioLessons),
  setPublished: (id, published) =>
    studioRpc('studio_set_lesson_published', { lesson_id: id, published }, lessonRow),
  deleteLesson: (id) => studioRpc('studio_delete_lesson', { lesson_id: id }, studioLessons),
  lessonStreams: () => studioRpc('studio_lesson_streams', {}, lessonStreams),
  inspectVideo,

  uploadVideo(path, file, onProgress) {
    let upload: Upload | undefined;
    let paused = false;
    const done = import('tus-js-client').then(
      ({ Upload }) =>
        new Promise<void>((resolve, reject) => {
          const { url, key } = supabaseConfig();
          const started = new Upload(file, {
            endpoint: `${url}/storage/v1/upload/resumable`,
            // A dropped connection is retried on its own; after the last delay the owner is asked to try again.
            retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
            chunkSize: CHUNK_BYTES,
            // The bytes go in PATCH requests only, never with the creation: the embedded server's TUS library
            // cannot finish an upload in the request that creates it (a video smaller than one chunk).
            uploadDataDuringCreation: false,
            removeFingerprintOnSuccess: true,
            headers: { apikey: key, 'x-upsert': 'true' },
            metadata: {
              bucketName: 'course',
              objectName: path,
              contentType: file.type || 'video/mp4',
              cacheControl: '3600',
            },
            onBeforeRequest: async (request) => {
              request.setHeader('authorization', `Bearer ${await accessToken()}`);
            },
            onProgress: (sent, total) => onProgress({ sent, total }),
            onSuccess: () => resolve(),
            onError: reject,
          });
          upload = started;
          // The same file picked again (after a reload, or a failure) goes on from what the server holds.
          started.findPreviousUploads().then((previous) => {
            const same = previous.find((earlier) => earlier.metadata.objectName === path);
            if (same) started.resumeFromPreviousUpload(same);
            if (!paused) started.start();
          }, reject);
        }),
    );
    return {
      done,
      pause() {
        paused = true;
        void upload?.abort();
      },
      resume() {
        paused = false;
        upload?.start();
      },
    };
  },

  async uploadFile(path, file, contentType) {
    const { error } = await (
      await getSupabase()
    ).storage
      .from('course')
      .upload(path, file, { contentType, upsert: true, cacheControl: '3600' });
    if (error) throw new Error(`Uploading ${path} failed: ${error.message}`);
  },

  signLessonMedia(lesson: StudioLesson) {
    return signLessonFiles({
      video: lesson.video_path,
      captions: lesson.captions_path,
      poster: lesson.poster_path,
    });
  },
};
