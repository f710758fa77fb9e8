// Starting real servers from tests and test scripts: a free loopback port, a server process that is ready once it
// says it is running, and the data folder a first start leaves, made once per test run for the others to start from.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-stamp.mjs';
import { bundleServer } from './bundle-server.mjs';

/** What a template lends a new server: its database (created and migrated) and the seeded lessons' files. */
const TEMPLATE_PARTS = ['pglite', 'storage'];

/** A TCP port free on `host` now (the server that takes it must bind it soon after). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const RUNNING = /is running at http:\/\/localhost:(\d+)/;

let serverBundle;

/**
 * Runs `script` (a TypeScript file under tsx), by default the server as `npm start` runs it (server/dist/index.mjs,
 * compiled by bundle-server.mjs at this module's first start), with Node in a child process listening on a free
 * loopback port, and resolves once it prints that it is running. The child gets PATH and HOME, PORT=0, HOST=127.0.0.1 and
 * `env`, nothing else of this process's environment. It rejects with the child's output if the child exits
 * first or `timeoutMs` passes. `onOutput` hears everything it prints so far, each time it prints more.
 *
 * When the run has a data folder template (makeDataTemplate) and `env` names an empty DATA_DIR on PGlite, the
 * server starts from the template's database and files instead of creating them (initdb costs seconds of CPU
 * each time); `firstStart` keeps the folder empty, for a test of what a first start does.
 *
 * `timeoutMs` stays below the test hooks' 5 minutes, so that a server too slow to start is stopped here, by its
 * caller, instead of starting after the test gave up on it and running on with nobody to stop it.
 */
export async function spawnServer({
  script,
  node = process.execPath,
  nodeArgs = [],
  env = {},
  cwd = root,
  timeoutMs = 240_000,
  onOutput = () => {},
  firstStart = false,
} = {}) {
  script ??= await (serverBundle ??= bundleServer());
  if (!firstStart) seedFromTemplate(env);
  const typescript = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(node, [...typescript, ...nodeArgs, path.resolve(cwd, script)], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not say it was running within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const read = (chunk) => {
      output += chunk;
      onOutput(output);
      const match = RUNNING.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was running:\n${output}`));
    });
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Makes the data folder a first start leaves (a server started on an empty folder and stopped), names it in
 * TEST_DATA_TEMPLATE for this process and its children (spawnServer seeds from it), and answers how to remove it.
 */
export async function makeDataTemplate() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'data-template-'));
  const server = await spawnServer({ env: { DATA_DIR: folder, DIST_DIR: folder }, firstStart: true });
  await server.stop();
  process.env.TEST_DATA_TEMPLATE = folder;
  return () => {
    delete process.env.TEST_DATA_TEMPLATE;
    rmSync(folder, { recursive: true, force: true });
  };
}

function seedFromTemplate(env) {
  const template = process.env.TEST_DATA_TEMPLATE;
  const dataDir = env.DATA_DIR;
  if (!template || !dataDir || env.DATABASE_URL) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  for (const part of TEMPLATE_PARTS) {
    const from = path.join(template, part);
    if (existsSync(from)) cpSync(from, path.join(dataDir, part), { recursive: true });
  }
}
