// What the studio's Lessons panel asks of its back end: the real one speaks supabase-js
// (api/supabase-lessons-backend.ts); tests hand the panel their own.
import type { ResumableUpload, UploadProgress } from '../../model/resumable-upload';
import type { LessonRow } from '@/lib/lesson-row';
import type { LessonMedia } from '@/shared/player/lesson-media';

/** A lesson as the owner sees it in the studio, drafts included: the row as the database holds it. */
export type StudioLesson = LessonRow;

/**
 * A lesson's adaptive stream, made on the server from the video the studio saved: waiting for its turn, being
 * made (percent), done, or failed, when the lesson plays its video as uploaded (message says why).
 */
export interface LessonStream {
  lesson_id: number;
  state: 'waiting' | 'working' | 'done' | 'failed';
  percent: number;
  message: string | null;
}

/** A new lesson (no id: a draft, last in the course) or the fields of one to change (a field left out stays). */
type LessonSave =
  | {
      slug: string;
      title: string;
      summary: string;
      video_path: string;
      captions_path: string | null;
      poster_path: string | null;
      duration_seconds: number;
    }
  | {
      lesson_id: number;
      title?: string;
      summary?: string;
      is_preview?: boolean;
      speaks_to?: string[];
      video_path?: string;
      duration_seconds?: number;
      captions_path?: string;
      poster_path?: string;
    };

/** What a picked video says of itself: its whole seconds, and a few of its frames as pictures for a poster. */
export interface VideoFacts {
  durationSeconds: number;
  frames: Blob[];
}

export interface LessonsBackend {
  /** Every lesson in course order, drafts included; rejects on any failure. */
  listLessons(): Promise<StudioLesson[]>;
  saveLesson(lesson: LessonSave): Promise<StudioLesson>;
  /** The lessons in the order given (every lesson once); answers them all, renumbered. */
  reorderLessons(ids: readonly number[]): Promise<StudioLesson[]>;
  setPublished(id: number, published: boolean): Promise<StudioLesson>;
  /** Deletes the lesson for good (its learners' progress too); answers the lessons left, renumbered. */
  deleteLesson(id: number): Promise<StudioLesson[]>;
  /** The stream of each lesson whose saved video has one made, or being made; rejects on any failure. */
  lessonStreams(): Promise<LessonStream[]>;
  /** Reads the video's length and a few frames from the file itself, on this device. */
  inspectVideo(file: File): Promise<VideoFacts>;
  /** Uploads the video to `path` in the bucket "course" in chunks a dropped connection does not undo. */
  uploadVideo(path: string, file: File, onProgress: (progress: UploadProgress) => void): ResumableUpload;
  /** Uploads a small file (captions, poster) to `path` in the bucket "course", replacing one there. */
  uploadFile(path: string, file: Blob, contentType: string): Promise<void>;
  /** Signs a lesson's files for the owner, drafts included. */
  signLessonMedia(lesson: StudioLesson): Promise<LessonMedia>;
}
