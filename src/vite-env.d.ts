/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

/** The year the page was built and prerendered (vite.config.ts). */
declare const __BUILD_YEAR__: number;

/** The seeded placeholder lessons' lengths in seconds, in order (supabase/seeds/lessons.sql, vite.config.ts). */
declare const __SEEDED_LESSON_SECONDS__: readonly number[];
