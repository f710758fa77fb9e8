// npm run test:e2e: build if stale, start the embedded server on a free port with a fresh data folder,
// run the Playwright specs in Debian's Chromium, stop the server. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './build-stamp.mjs';
import { buildSite } from './build.mjs';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('is running at')) resolve();
    });
    server.once('exit', (code) =>
      reject(new Error(`The server stopped before it was ready (exit ${code}):\n${output}`)),
    );
  });
  return server;
}

export async function runE2e(extraArgs = [], { jsonReport } = {}) {
  const chromePath = findChromium();
  if (!isBuildCurrent()) await buildSite();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    E2E_DATA_DIR: dataDir,
    E2E_BASE_URL: baseUrl,
    CHROME_PATH: chromePath,
    E2E_CHROMIUM_ARGS: CHROMIUM_ARGS.join(' '),
    ...(jsonReport && { E2E_JSON_REPORT: jsonReport }),
  };
  const server = await startServer(env);
  try {
    const playwright = spawn(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', ...extraArgs], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    return await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await runE2e(process.argv.slice(2)));
}
