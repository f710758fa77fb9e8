// The processes the bench starts (the embedded server, the bare Hono reference, the hello-world server), each
// stopped by its own pid.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/server-process.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Spawns a Node script and resolves once its output contains `readyText`. */
async function startNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
  url: string,
  nodeOptions: string[] = [],
): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, script, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not start ${script}.`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) {
        child.stdout?.off('data', onData);
        // Keep draining stdout so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${script} stopped before it was ready (exit ${code}):\n${output}`)),
    );
  });
  return {
    url,
    pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The Node options `npm start` gives the server (its memory settings), read from package.json's start script. */
function startScriptNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /^node((?:\s+--\S+)*)\s+scripts\/start\.mjs$/.exec(scripts.start ?? '');
  if (!match) throw new Error(`package.json's start script is not "node [--options] scripts/start.mjs".`);
  return (match[1] ?? '').split(/\s+/).filter(Boolean);
}

/**
 * The real server (`scripts/start.mjs`, with the options `npm start` gives it) on a free loopback port. Without
 * `distDir` it serves dist/, building it first when its stamp is missing or stale, as `npm start` does. It
 * counts page views unless `countPageViews` is false, whatever the caller's environment says.
 */
export async function startSiteServer(options: {
  distDir?: string;
  dataDir: string;
  databaseUrl?: string;
  countPageViews?: boolean;
  /** The server's JWT_SECRET, for a bench that makes its own service role key; else one made at first start. */
  jwtSecret?: string;
}): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    // autocannon is one client standing in for many visitors: the per-IP brake on sign-ups would measure
    // nothing but 429s. The per-address limit stays, and every request uses a new address anyway.
    SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000000',
    SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
    // Thousands of sign-ups an hour: every one's e-mail is queued at once, as the bench measures.
    MAIL_REQUESTS_PER_HOUR: '1000000',
    COUNT_PAGE_VIEWS: String(options.countPageViews ?? true),
  };
  if (options.jwtSecret) env.JWT_SECRET = options.jwtSecret;
  else delete env.JWT_SECRET;
  if (options.distDir) env.DIST_DIR = options.distDir;
  else delete env.DIST_DIR;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  return startNode(
    path.join(root, 'scripts', 'start.mjs'),
    [],
    env,
    'is running at',
    `http://127.0.0.1:${port}`,
    startScriptNodeOptions(),
  );
}

/** A bare `node:http` hello-world server: the most requests/s a Node server makes on this machine. */
export async function startHelloWorld(): Promise<Running> {
  const port = await freePort();
  return startNode(
    path.join(root, 'bench', 'hello-world-server.mjs'),
    [String(port)],
    process.env,
    'listening',
    `http://127.0.0.1:${port}`,
  );
}

/** A bare Hono app on @hono/node-server that answers the guides route with the answer recorded in `answerFile`. */
export async function startBareHono(answerFile: string): Promise<Running> {
  const port = await freePort();
  return startNode(
    path.join(root, 'bench', 'bare-hono-server.mjs'),
    [String(port), answerFile],
    process.env,
    'listening',
    `http://127.0.0.1:${port}`,
  );
}

function kilobytesOf(field: string, pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match?.[1] ? Number(match[1]) : 0;
}

/**
 * Samples a process's resident memory every 100 ms; `stop()` returns the highest value seen, in MB.
 * Linux only (/proc); elsewhere it reports nothing rather than guessing.
 */
export function sampleRss(pid: number): { stop(): number | undefined } {
  const readable = (() => {
    try {
      kilobytesOf('VmRSS', pid);
      return true;
    } catch {
      return false;
    }
  })();
  let peakKb = 0;
  const sample = () => {
    try {
      peakKb = Math.max(peakKb, kilobytesOf('VmRSS', pid));
    } catch {
      // The process ended between two samples; the peak so far stands.
    }
  };
  const timer = readable ? setInterval(sample, 100) : undefined;
  sample();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return readable ? Math.round(peakKb / 1024) : undefined;
    },
  };
}
