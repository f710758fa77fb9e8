import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { type Rolldown, defineConfig } from 'vite';
import { buildYear } from './scripts/build-stamp.mjs';
import {
  seededFirstPosterPath,
  seededFirstThumbnailFile,
  seededLessonSeconds,
  seededOutlineRows,
} from './scripts/seeded-lessons.mjs';

/** In `npm run dev`, the embedded server answers the Supabase paths; Vite serves the app with hot reload. */
const backEnd = `http://localhost:${process.env.API_PORT ?? '8787'}`;

/**
 * Compile-time constants, shared with the web tests: the footer hydrates from the build's year, the landing
 * page from the seeded lessons' lengths and /course, where no published outline is given, from their outline and
 * first poster.
 */
export const define = {
  __BUILD_YEAR__: JSON.stringify(buildYear()),
  __SEEDED_LESSON_SECONDS__: JSON.stringify(seededLessonSeconds()),
  __SEEDED_OUTLINE_ROWS__: JSON.stringify(seededOutlineRows()),
  __SEEDED_FIRST_POSTER_PATH__: JSON.stringify(seededFirstPosterPath()),
};

const seededFirstThumbnail = seededFirstThumbnailFile();
if (seededFirstThumbnail === null)
  throw new Error(
    'supabase/seeds/thumbnails: the first seeded lesson needs its small poster (node scripts/make-placeholder-lessons.mjs).',
  );

/**
 * `@/` is src/; `@seeded-first-thumbnail` is the first seeded lesson's small poster, which /course is prerendered with
 * (a hashed copy in dist/assets) until the live outline signs the published one.
 */
export const alias = [
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  { find: /^@seeded-first-thumbnail(?=\?|$)/, replacement: seededFirstThumbnail },
];

/**
 * The landing page's JavaScript before interaction: index.html's own chunk, then, once painted, one chunk that
 * hydrates its islands (src/main.tsx). These groups say so to Rolldown: what index.html imports statically stays
 * in its chunk, and everything src/hydrate-landing.tsx imports statically is the `hydrate-landing` chunk, which
 * every other page loads too. Left to itself, Rolldown 1.2 splits modules that it shares with nested lazy chunks
 * (the dialog's, the course's) into small chunks of their own, loaded with it all the same: its pass that drops
 * what an importer has already loaded moves them one set at a time, in execution order, and refuses a move whose
 * graph in between has a cycle (rolldown/rolldown#9963); the budget test measures what this saves. The client's
 * build only: the prerender's build of src/entry-server.tsx never finishes its top-level await with them.
 */
const landingPageChunks: Rolldown.CodeSplittingOptions = {
  groups: [
    { name: 'index', tags: ['$initial'], priority: 2 },
    { name: 'hydrate-landing', test: /src[\\/]hydrate-landing\.tsx$/, priority: 1 },
  ],
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define,
  resolve: { alias },
  build: {
    manifest: true,
    // One stylesheet, the whole one (src/styles.css): a lazily loaded chunk never fetches one of its own. The pages
    // inline src/site.css, built on its own (scripts/build.mjs); the studio's page links this one after it.
    cssCodeSplit: false,
  },
  environments: { client: { build: { rolldownOptions: { output: { codeSplitting: landingPageChunks } } } } },
  server: {
    proxy: {
      '/auth/v1': backEnd,
      '/rest/v1': backEnd,
      '/functions/v1': backEnd,
      '/storage/v1': backEnd,
    },
  },
});
