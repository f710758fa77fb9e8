// npm run test:e2e: build if stale, start the embedded server on a free port with a fresh data folder,
// run the Playwright specs in Debian's Chromium, stop the server. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './build-stamp.mjs';
import { buildSite } from './build.mjs';
import { CHROMIUM_ARGS, findTestChromium } from './find-chromium.mjs';
import { freePort, spawnServer } from './server-process.mjs';

/**
 * Answers Playwright's exit code and, with `collect`, its output (which otherwise goes straight to this
 * process's). `serverNode` is the Node.js binary that runs the server (default: this process's).
 */
export async function runE2e(extraArgs = [], { jsonReport, collect = false, serverNode } = {}) {
  const chromePath = findTestChromium();
  if (!isBuildCurrent()) await buildSite();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  // A port of its own, not PORT=0: the server's links (SITE_URL's default) name the port it listens on.
  const port = await freePort();
  const server = await spawnServer({
    script: 'scripts/start.mjs',
    node: serverNode,
    // Every test browser comes from one address: the per-address limits are what the specs meet, not this.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000',
      SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
    },
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
      stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    playwright.stdout?.on('data', (chunk) => (output += chunk));
    playwright.stderr?.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => playwright.on('close', (exitCode) => resolve(exitCode ?? 1)));
    return { code, output };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code } = await runE2e(process.argv.slice(2));
  process.exit(code);
}
