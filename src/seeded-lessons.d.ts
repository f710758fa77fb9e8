// The build's constants of the seeded lessons (supabase/seeds/lessons.json, vite.config.ts), typed as the module
// that reads them says.
import type { SeededOutlineLesson } from '../scripts/seeded-lessons.mjs';

declare global {
  /** The seeded placeholder lessons' lengths in seconds, in order. */
  const __SEEDED_LESSON_SECONDS__: readonly number[];

  /** The seeded placeholder lessons' outline, in order. */
  const __SEEDED_OUTLINE__: readonly SeededOutlineLesson[];

  /** The bucket path of the first seeded lesson's poster, whose small copy /course is prerendered with. */
  const __SEEDED_FIRST_POSTER_PATH__: string | null;
}
