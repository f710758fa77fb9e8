/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

/** The year the page was built and prerendered (vite.config.ts). */
declare const __BUILD_YEAR__: number;

/** The first seeded lesson's small poster, as a hashed asset of the build (vite.config.ts). */
declare module '@seeded-first-thumbnail?url' {
  const url: string;
  export default url;
}

/** hls.js's light build (no subtitles, alternate audio or DRM, which the lessons do not use) has its full API. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
