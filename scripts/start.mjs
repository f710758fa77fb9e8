// npm start: build the site when dist/ is missing or stale, compile the server, then run it in this process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent } from './build-stamp.mjs';
import { bundleServer } from './bundle-server.mjs';

if (!isBuildCurrent()) {
  console.log('Building the site (dist/ is missing or out of date)…');
  // A child process builds, so Vite and its native bundler never enter the serving process's memory.
  const build = spawnSync(process.execPath, [path.join(import.meta.dirname, 'build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The build failed; the site was not started.');
    process.exit(build.status ?? 1);
  }
}
await import(pathToFileURL(await bundleServer()).href);
