// The build's constants of the seeded lessons (supabase/seeds/lessons.json, read by vite.config.ts).

declare global {
  /** The seeded placeholder lessons' lengths in seconds, in order. */
  const __SEEDED_LESSON_SECONDS__: readonly number[];

  /** The seeded placeholder lessons' outline, as the view `course_outline` gives it for them, in order. */
  const __SEEDED_OUTLINE_ROWS__: readonly unknown[];

  /** The bucket path of the first seeded lesson's poster, whose small copy /course is prerendered with. */
  const __SEEDED_FIRST_POSTER_PATH__: string | null;
}

export {};
