import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildYear } from './scripts/build-stamp.mjs';
import { seededFirstPosterFile, seededLessonSeconds, seededOutline } from './scripts/seeded-lessons.mjs';

/** In `npm run dev`, the embedded server answers the Supabase paths; Vite serves the app with hot reload. */
const backEnd = `http://localhost:${process.env.API_PORT ?? '8787'}`;

/**
 * Compile-time constants, shared with the web tests: the footer hydrates from the build's year, the landing
 * page from the seeded lessons' lengths and /course from their outline, until the live outline is known.
 */
export const define = {
  __BUILD_YEAR__: JSON.stringify(buildYear()),
  __SEEDED_LESSON_SECONDS__: JSON.stringify(seededLessonSeconds()),
  __SEEDED_OUTLINE__: JSON.stringify(seededOutline()),
};

const seededFirstPoster = seededFirstPosterFile();
if (seededFirstPoster === null)
  throw new Error('supabase/seeds/lessons.sql: the first lesson needs a poster.');

/**
 * `@/` is src/; `@seeded-first-poster` is the first seeded lesson's poster, which /course is prerendered with
 * (a hashed copy in dist/assets) until the live outline signs the published one.
 */
export const alias = [
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  { find: /^@seeded-first-poster(?=\?|$)/, replacement: seededFirstPoster },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define,
  resolve: { alias },
  build: { manifest: true },
  server: {
    proxy: {
      '/rest/v1': backEnd,
      '/functions/v1': backEnd,
      '/storage/v1': backEnd,
    },
  },
});
