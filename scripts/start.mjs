// npm start: build the site when dist/ is missing or stale, compile the server, then run it in this process.
import { pathToFileURL } from 'node:url';
import { isBuildCurrent } from './build-stamp.mjs';
import { bundleServer } from './bundle-server.mjs';

if (!isBuildCurrent()) {
  console.log('Building the site (dist/ is missing or out of date)…');
  // Loaded only to build: Vite and its native bundler would otherwise stay in the server's memory (decision 0043).
  const { buildSite } = await import('./build.mjs');
  await buildSite();
}
await import(pathToFileURL(await bundleServer()).href);
