// npm run test:e2e: build if stale, start the embedded server on a free port with a fresh data folder,
// run the Playwright specs in Debian's Chromium, stop the server. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './build-stamp.mjs';
import { buildSite } from './build.mjs';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';
import { freePort, spawnServer } from './server-process.mjs';

export async function runE2e(extraArgs = [], { jsonReport } = {}) {
  const chromePath = findChromium();
  if (!isBuildCurrent()) await buildSite();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  // A port of its own, not PORT=0: the server's links (SITE_URL's default) name the port it listens on.
  const port = await freePort();
  const server = await spawnServer({
    script: 'scripts/start.mjs',
    env: { PORT: String(port), DATA_DIR: dataDir },
  });
  const env = {
    ...process.env,
    E2E_DATA_DIR: dataDir,
    E2E_BASE_URL: `http://localhost:${server.port}`,
    CHROME_PATH: chromePath,
    E2E_CHROMIUM_ARGS: CHROMIUM_ARGS.join(' '),
    ...(jsonReport && { E2E_JSON_REPORT: jsonReport }),
  };
  try {
    const playwright = spawn(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', ...extraArgs], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    return await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await runE2e(process.argv.slice(2)));
}
