// npm start: read .env, build the site when dist/ is missing or stale (a DIST_DIR is served as it is), compile
// the server, then run it in this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './build-stamp.mjs';
import { bundleServer } from './bundle-server.mjs';
import { loadEnvFile } from '../server/src/config/load-env-file.mjs';

loadEnvFile();

/** Vite is a dev dependency: an install with --omit=dev serves a site built beforehand and cannot rebuild it. */
function buildToolsInstalled() {
  try {
    import.meta.resolve('vite');
    return true;
  } catch {
    return false;
  }
}

/** No site to serve: STARTUP_EXIT.build in server/src/startup/startup-error.ts, listed in docs/self-hosting.md. */
const EXIT_NO_BUILD = 8;

if (process.env.DIST_DIR) {
  // DIST_DIR names a site built elsewhere: it is served as it is, never built over.
  const distDir = path.resolve(process.env.DIST_DIR);
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error(
      `DIST_DIR ${distDir} holds no built site (no index.html): set DIST_DIR to the output of \`npm run build\`, or unset it to serve dist/.`,
    );
    process.exit(EXIT_NO_BUILD);
  }
} else if (!isBuildCurrent()) {
  if (buildToolsInstalled()) {
    console.log('Building the site (dist/ is missing or out of date)…');
    // A child process builds, so Vite and its native bundler never enter the serving process's memory.
    const build = spawnSync(process.execPath, [path.join(import.meta.dirname, 'build.mjs')], {
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error('The build failed; the site was not started.');
      process.exit(build.status ?? 1);
    }
  } else if (existsSync(path.join(root, 'dist', 'index.html'))) {
    console.warn(
      'dist/ was built from other sources or settings (SITE_URL, VITE_*, the year), and the build tools are not installed (npm ci --omit=dev): serving it as it is. Run `npm run build` where `npm ci` installed them to rebuild it.',
    );
  } else {
    console.error(
      'No built site in dist/, and no build tools to make one (npm ci --omit=dev): run `npm run build` before installing with --omit=dev, or install with `npm ci`.',
    );
    process.exit(EXIT_NO_BUILD);
  }
}
await import(pathToFileURL(await bundleServer()).href);
