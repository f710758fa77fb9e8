// Starting real servers from tests and test scripts: a free loopback port, and a server process that is ready
// once it says it is running.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { root } from './build-stamp.mjs';

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

/**
 * Runs `script` (a TypeScript file under tsx) with Node in a child process listening on a free loopback port,
 * and resolves once it prints that it is running. The child gets PATH and HOME, PORT=0, HOST=127.0.0.1 and
 * `env`, nothing else of this process's environment. It rejects with the child's output if the child exits
 * first or `timeoutMs` passes. `onOutput` hears everything it prints so far, each time it prints more.
 */
export async function spawnServer({
  script = 'server/src/index.ts',
  nodeArgs = [],
  env = {},
  cwd = root,
  timeoutMs = 120_000,
  onOutput = () => {},
} = {}) {
  const typescript = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...typescript, ...nodeArgs, path.resolve(cwd, script)], {
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
