/**
 * Shared pieces of the reliability suite: real server processes with their peak memory, a bounded load
 * generator over keep-alive HTTP, fresh PostgreSQL databases, waiting, sizing (short or soak) and metrics.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type ServerProcess, spawnServer } from '../../scripts/server-process.mjs';
import { createDatabase } from '../../scripts/with-postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    chromium: { path: string; args: string[] };
  }
}

/** `npm run soak` sets SOAK=1: the long versions; otherwise the short ones `npm test` runs. */
export const soak = process.env.SOAK === '1';
export const size = <T>(short: T, long: T): T => (soak ? long : short);

/** Undo steps, run last-in first-out after each test. */
export const cleanups: Array<() => Promise<unknown>> = [];
export async function runCleanups() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Peak resident memory of a live process, in MB (Linux /proc: VmHWM). */
export function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Current resident memory of a live process, in MB. */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Settings every load test shares: the per-IP brake off (one loopback client), mail through SMTP without a
 * send rate, since these files measure the server, not a provider's pace (burst.test.ts does that).
 */
export function serverEnv(dataDir: string, smtpUrl: string, extra: Record<string, string> = {}) {
  return {
    DATA_DIR: dataDir,
    DIST_DIR: dataDir,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Three Lenses <course@lenses.example>',
    MAIL_RATE_PER_SECOND: 'unlimited',
    SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000000',
    SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
    MAIL_REQUESTS_PER_HOUR: '1000000',
    ...extra,
  };
}

/** Starts a server and registers its SIGKILL as a cleanup (a no-op once it has stopped). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer({ env });
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

/** A new database on the suite's PostgreSQL cluster, dropped after the test. */
export async function freshPostgresDatabase(): Promise<string> {
  const database = await createDatabase(inject('postgresUrl'), 'reliability');
  cleanups.push(database.drop);
  return database.url;
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with exact bytes; 0 as status when the connection failed (refused, reset, killed). */
export function request(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
  agent?: http.Agent,
): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        // Node sends a DELETE or OPTIONS body with neither Content-Length nor chunking unless told the length.
        headers:
          options.body === undefined
            ? options.headers
            : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers },
        agent: agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    req.end(options.body);
  });
}

export const signupBody = (name: string, email: string) => JSON.stringify({ name, email });

/** `forwardedFor`: the visitor a trusted proxy on loopback names (the server needs TRUST_PROXY=127.0.0.1). */
export function postSignup(
  port: number,
  name: string,
  email: string,
  agent?: http.Agent,
  forwardedFor?: string,
) {
  return request(
    port,
    {
      method: 'POST',
      path: '/functions/v1/send-email',
      headers: {
        'content-type': 'application/json',
        ...(forwardedFor !== undefined && { 'x-forwarded-for': forwardedFor }),
      },
      body: signupBody(name, email),
    },
    agent,
  );
}

/**
 * Sends `count` sign-ups with unique addresses over `concurrency` keep-alive connections.
 * `port()` is asked before each request, so a caller can move the target while it runs (restarts).
 */
export async function signupLoad(options: {
  count: number;
  concurrency: number;
  port: () => Promise<number>;
  address: (index: number) => string;
  /** Each sign-up's visitor, as a trusted proxy names it; unset: every sign-up comes from loopback itself. */
  forwardedFor?: (index: number) => string;
  onAnswer?: (answer: HttpAnswer, index: number) => void;
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const statuses = new Map<number, number>();
  const acknowledged: string[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= options.count) return;
      const email = options.address(index);
      const answer = await postSignup(
        await options.port(),
        `Person ${index}`,
        email,
        agent,
        options.forwardedFor?.(index),
      );
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 200) acknowledged.push(email);
      options.onAnswer?.(answer, index);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  return { statuses, acknowledged, serverErrors, seconds: (Date.now() - started) / 1000 };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, pollMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times each value occurs. */
export function tally(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

export interface Metrics {
  scenario: string;
  sent?: number;
  acknowledged?: number;
  stored?: number;
  delivered?: number;
  duplicates?: number;
  lost?: number;
  serverErrors?: number;
  crashesSurvived?: number;
  fuzzCases?: number;
  peakRssMb?: number;
  seconds?: number;
  /** From the end of the sign-ups to the last e-mail accepted by the provider. */
  drainSeconds?: number;
  /** The most requests the provider accepted within any one second. */
  maxRequestsPerSecond?: number;
}

/** Appends one row to the table `npm run soak` (and `npm test`) print, when RELIABILITY_METRICS names a file. */
export function recordMetrics(metrics: Metrics) {
  const file = process.env.RELIABILITY_METRICS;
  if (file) appendFileSync(file, `${JSON.stringify(metrics)}\n`);
}
