// Behind a real reverse proxy: Debian's Caddy on loopback in front of the server (TRUST_PROXY naming Caddy's
// address). Two visitors behind it each get their own sign-up limit, and a visitor reaching the server's port
// directly is counted by its own address whatever X-Forwarded-For it sends.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCaddy } from '../../scripts/find-caddy.mjs';
import { freePort } from '../../scripts/server-process.mjs';
import { cleanups, runCleanups, signupBody, startServer, tempDir, waitFor } from './harness.ts';

const caddy = findCaddy();
if (caddy.missing) console.warn(`Skipping the reverse-proxy test: ${caddy.missing}`);

// Caddy connects to the server from 127.0.0.1; the visitors come from other loopback addresses of their own.
const VISITOR_A = '127.0.0.2';
const VISITOR_B = '127.0.0.3';
const DIRECT_VISITOR = '127.0.0.4';

let serverPort: number;
let proxyPort: number;
let serverOutput: () => string;

/** A sign-up sent from `from` (a loopback address) to `port`, answered with its status (0: no answer). */
function signUpFrom(from: string, port: number, email: string, forwardedFor?: string): Promise<number> {
  const body = signupBody('Visitor', email);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/functions/v1/send-email',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
        },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

beforeAll(async () => {
  if (!caddy.path) return;
  const dataDir = await tempDir('proxy-data-');
  const server = await startServer({
    DATA_DIR: dataDir,
    DIST_DIR: dataDir,
    TRUST_PROXY: '127.0.0.1',
    SIGNUP_LIMIT_PER_IP_PER_MINUTE: '2',
  });
  serverPort = server.port;
  serverOutput = server.output;

  const caddyHome = await tempDir('proxy-caddy-');
  proxyPort = await freePort();
  const caddyfile = path.join(caddyHome, 'Caddyfile');
  await writeFile(
    caddyfile,
    [
      '{',
      '  admin off',
      '  auto_https off',
      '}',
      `http://127.0.0.1:${proxyPort} {`,
      '  bind 127.0.0.1',
      `  reverse_proxy 127.0.0.1:${serverPort}`,
      '}',
    ].join('\n'),
  );
  const proxy = spawn(caddy.path, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: caddyHome,
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let proxyOutput = '';
  proxy.stdout.on('data', (chunk: Buffer) => (proxyOutput += chunk.toString()));
  proxy.stderr.on('data', (chunk: Buffer) => (proxyOutput += chunk.toString()));
  cleanups.push(async () => {
    if (proxy.exitCode === null) proxy.kill('SIGKILL');
  });
  const up = await waitFor(
    async () =>
      proxy.exitCode !== null ||
      (await fetch(`http://127.0.0.1:${proxyPort}/`).then(
        (response) => response.status > 0,
        () => false,
      )),
    60_000,
  );
  if (!up || proxy.exitCode !== null) throw new Error(`Caddy did not come up:\n${proxyOutput}`);
}, 180_000);
afterAll(runCleanups);

describe.skipIf(!caddy.path)('behind Caddy (reverse_proxy on loopback, TRUST_PROXY=127.0.0.1)', () => {
  it('gives each visitor behind the proxy its own sign-up limit', async () => {
    expect(await signUpFrom(VISITOR_A, proxyPort, 'a1@example.com')).toBe(200);
    expect(await signUpFrom(VISITOR_A, proxyPort, 'a2@example.com')).toBe(200);
    expect(await signUpFrom(VISITOR_A, proxyPort, 'a3@example.com')).toBe(429);
    // Caddy replaces a visitor's own X-Forwarded-For with the address it sees.
    expect(await signUpFrom(VISITOR_A, proxyPort, 'a4@example.com', '198.51.100.9')).toBe(429);
    expect(await signUpFrom(VISITOR_B, proxyPort, 'b1@example.com')).toBe(200);
  });

  it('counts a visitor reaching the port directly by its own address, whatever it forwards', async () => {
    expect(await signUpFrom(DIRECT_VISITOR, serverPort, 'd1@example.com', '198.51.100.1')).toBe(200);
    expect(await signUpFrom(DIRECT_VISITOR, serverPort, 'd2@example.com', '198.51.100.2')).toBe(200);
    expect(await signUpFrom(DIRECT_VISITOR, serverPort, 'd3@example.com', '198.51.100.3')).toBe(429);
    // Naming visitor B spends none of B's allowance: B's second sign-up through the proxy still passes.
    expect(await signUpFrom(DIRECT_VISITOR, serverPort, 'd4@example.com', VISITOR_B)).toBe(429);
    expect(await signUpFrom(VISITOR_B, proxyPort, 'b2@example.com')).toBe(200);
    expect(serverOutput()).not.toContain('proxy.forwarded_for_ignored');
  });
});
