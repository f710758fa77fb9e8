// npm start: build the site when dist/ is missing or stale, then run the embedded server in this process.
import { register } from 'tsx/esm/api';
import { isBuildCurrent } from './build-stamp.mjs';

if (!isBuildCurrent()) {
  console.log('Building the site (dist/ is missing or out of date)…');
  // Loaded only to build: Vite and its native bundler would otherwise stay in the server's memory (decision 0043).
  const { buildSite } = await import('./build.mjs');
  await buildSite();
}
register();
await import('../server/src/index.ts');
