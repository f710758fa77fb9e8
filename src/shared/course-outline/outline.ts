import { courseOutlineCopy } from '@/content/course-outline';

/** A lesson's files in the bucket `course`, as the public outline names them. */
export interface LessonFiles {
  videoPath: string;
  captionsPath: string | null;
  posterPath: string | null;
  streamPath: string | null;
}

/**
 * The course's public outline: the published lessons as anyone may see them, with the paths of their files (which
 * only a preview's anyone may sign), in order, and the first lesson's poster as a signed address. The view
 * `public.course_outline` is its source.
 */
export interface OutlineLesson {
  slug: string;
  title: string;
  summary: string;
  durationSeconds: number;
  orderIndex: number;
  /** A free preview: it plays for anyone, signed in or not. */
  isPreview: boolean;
  /** It plays as an adaptive stream: /course fetches the stream player ahead for it. */
  streams: boolean;
  /** The questionnaire's options (worries, age-group ids, strengths) the lesson speaks to; public. */
  speaksTo: string[];
  /** Its files, which a signed-in learner may sign; null when the page knows none (the seeded fallback). */
  files: LessonFiles | null;
  /** A preview lesson's files, which anyone may sign; null for every other lesson. */
  preview: LessonFiles | null;
}

/** A poster the page already shows: its path in the bucket `course`, and the address it is shown from. */
export interface ShownPoster {
  path: string;
  url: string;
}

export interface CourseOutline {
  lessons: OutlineLesson[];
  /** The first lesson's poster, signed for an hour; null when it has none or signing it failed. */
  firstPosterUrl: string | null;
}

/** The whole course's length in seconds. */
export function outlineTotalSeconds(lessons: readonly Pick<OutlineLesson, 'durationSeconds'>[]): number {
  return lessons.reduce((total, lesson) => total + lesson.durationSeconds, 0);
}

/** A length in whole minutes, to the nearest; anything that plays at all is at least a minute. */
export function roundedMinutes(totalSeconds: number): number {
  if (totalSeconds <= 0) return 0;
  return Math.max(1, Math.round(totalSeconds / 60));
}

/** The outline's length at a glance ("5 lessons · 4 min") and as a screen reader says it. */
export function outlineSummary(lessons: readonly Pick<OutlineLesson, 'durationSeconds'>[]) {
  const minutes = roundedMinutes(outlineTotalSeconds(lessons));
  return {
    text: courseOutlineCopy.summary(lessons.length, minutes),
    spoken: courseOutlineCopy.spokenSummary(lessons.length, minutes),
  };
}

/** A lesson's length as a clock reads it (`0:47`) and as a screen reader says it ("47 seconds"). */
export function lessonLength(durationSeconds: number) {
  const rounded = Math.round(durationSeconds);
  const minutes = Math.floor(rounded / 60);
  const seconds = rounded % 60;
  return {
    clock: `${minutes}:${String(seconds).padStart(2, '0')}`,
    spoken: courseOutlineCopy.spokenDuration(minutes, seconds),
  };
}
