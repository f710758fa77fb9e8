/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

/** The year the page was built and prerendered (vite.config.ts). */
declare const __BUILD_YEAR__: number;

/** The seeded placeholder lessons' lengths in seconds, in order (supabase/seeds/lessons.sql, vite.config.ts). */
declare const __SEEDED_LESSON_SECONDS__: readonly number[];

/** The seeded placeholder lessons' outline, in order (supabase/seeds/lessons.sql, vite.config.ts). */
declare const __SEEDED_OUTLINE__: readonly {
  slug: string;
  title: string;
  summary: string;
  durationSeconds: number;
  orderIndex: number;
  isPreview: boolean;
  speaksTo: string[];
}[];

/** The first seeded lesson's poster, as a hashed asset of the build (vite.config.ts). */
declare module '@seeded-first-poster?url' {
  const url: string;
  export default url;
}

/** hls.js's light build (no subtitles, alternate audio or DRM, which the lessons do not use) has its full API. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
