import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildYear } from './scripts/build-stamp.mjs';
import { seededLessonSeconds } from './scripts/seeded-lessons.mjs';

/** In `npm run dev`, the embedded server answers the Supabase paths; Vite serves the app with hot reload. */
const backEnd = `http://localhost:${process.env.API_PORT ?? '8787'}`;

/**
 * Compile-time constants, shared with the web tests: the footer hydrates from the build's year, and the landing
 * page from the seeded lessons' lengths until the live outline is known.
 */
export const define = {
  __BUILD_YEAR__: JSON.stringify(buildYear()),
  __SEEDED_LESSON_SECONDS__: JSON.stringify(seededLessonSeconds()),
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define,
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { manifest: true },
  server: {
    proxy: {
      '/rest/v1': backEnd,
      '/functions/v1': backEnd,
      '/storage/v1': backEnd,
    },
  },
});
