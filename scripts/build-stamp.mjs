// Decides whether dist/ is current: a hash of every input of the web build, written by the build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const stampFile = path.join(root, 'dist', '.build-stamp');

const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'supabase/embedded-keys.ts',
  'supabase/course-outline-columns.mjs',
  'supabase/stream-files.ts',
  'supabase/seeds/lessons.json',
  'supabase/seeds/thumbnails',
  'scripts/seeded-lessons.mjs',
  'scripts/build.mjs',
  'scripts/inline-critical-css.mjs',
  'server/src/site/render-pages.mjs',
  'server/src/site/published-words.mjs',
];
const ENV = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY', 'SITE_URL'];

/**
 * The year the page is prerendered in; the footer hydrates from it (vite.config.ts). Pinned in `BUILD_YEAR` on
 * first use, so the stamp and both Vite builds (the browser's and the prerender's) agree even at midnight on
 * New Year's Eve.
 */
export function buildYear() {
  process.env.BUILD_YEAR ??= String(new Date().getFullYear());
  return Number(process.env.BUILD_YEAR);
}

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) yield* files(path.join(entry, child));
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry;
  }
}

export function computeStamp() {
  const hash = createHash('sha256');
  for (const entry of INPUTS) {
    for (const file of files(entry))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  }
  for (const name of ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  // The prerendered footer shows the year of its build, so a new year means a new build.
  hash.update(`BUILD_YEAR=${buildYear()}\0`);
  return hash.digest('hex');
}

export function isBuildCurrent() {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === computeStamp();
}
