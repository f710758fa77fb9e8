/** A title card of a placeholder lesson: its words, which lenses it lights, and the lines spoken over it. */
export interface SeededCard {
  eyebrow: string;
  heading: string;
  text: string;
  lens: 'trends' | 'strengths' | 'dreams' | 'all' | 'centre';
  /** Spoken in turn; they are the captions too, one cue a line. */
  lines: string[];
}

/** A lesson of supabase/seeds/lessons.json. */
export interface SeededLesson {
  slug: string;
  title: string;
  summary: string;
  durationSeconds: number;
  /** A free preview: it plays for anyone, signed in or not. */
  isPreview: boolean;
  /** The questionnaire's options (worries, age-group ids, strengths) the lesson speaks to; none for one meant for all. */
  speaksTo: string[];
  cards: SeededCard[];
}

/** A seeded lesson as the public outline shows it: its place in the course instead of its cards. */
export type SeededOutlineLesson = Omit<SeededLesson, 'cards'> & { orderIndex: number; streams: false };

export const seedDataFile: string;
export const seedSqlFile: string;
export const courseBucket: string;
export function readSeededLessons(json?: string): SeededLesson[];
export function lessonFilePaths(lesson: Pick<SeededLesson, 'slug'>): {
  videoPath: string;
  captionsPath: string;
  posterPath: string;
};
export function seededOutline(lessons?: readonly SeededLesson[]): SeededOutlineLesson[];
/** A row of the view `course_outline`, as the API gives it. */
export interface OutlineRow {
  slug: string;
  title: string;
  summary: string;
  duration_seconds: number;
  order_index: number;
  poster_path: string | null;
  is_preview: boolean;
  speaks_to: string[];
  video_path: string | null;
  captions_path: string | null;
  stream_path: string | null;
  streams: boolean;
}
export function seededOutlineRows(lessons?: readonly SeededLesson[]): OutlineRow[];
export function seededLessonSeconds(lessons?: readonly SeededLesson[]): number[];
export const thumbnailFolder: string;
export function seededFirstPosterPath(lessons?: readonly SeededLesson[]): string | null;
export function seededFirstThumbnailFile(lessons?: readonly SeededLesson[]): string | null;
export function seedSql(lessons?: readonly SeededLesson[]): string;
