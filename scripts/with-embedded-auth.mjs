// Runs a command beside the embedded server's auth, as the edge function's Deno test needs it: a database of its
// own on DATABASE_URL's PostgreSQL, the server from source on a free loopback port with a known JWT_SECRET, and
// the command given SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (minted here with jose) and SITE_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { root } from './build-stamp.mjs';

const SITE_URL = 'https://lenses.example';

async function onAdmin(serverUrl, statement) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Starts the server; `env` is what a client of its auth needs, `stop()` stops it and drops its database. */
export async function startEmbeddedAuth(serverUrl) {
  const name = `auth_${randomBytes(6).toString('hex')}`;
  await onAdmin(serverUrl, `create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-auth-'));
  const logFile = path.join(dataDir, 'server.log');
  const secret = randomBytes(32).toString('base64url');
  // Output goes to a file, so a caller that blocks (spawnSync) never stalls the server on a full pipe.
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/index.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      JWT_SECRET: secret,
      SITE_URL,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const output = () => readFileSync(logFile, 'utf8');
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await onAdmin(serverUrl, `drop database ${name} with (force)`);
  };
  const deadline = Date.now() + 60_000;
  let port;
  while (port === undefined) {
    port = /running at http:\/\/localhost:(\d+)/.exec(output())?.[1];
    if (port !== undefined) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = output();
      await stop();
      throw new Error(`The embedded server did not start:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const serviceRoleKey = await new SignJWT({ role: 'service_role', iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(secret));
  return {
    env: {
      SUPABASE_URL: `http://127.0.0.1:${port}`,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      SITE_URL,
    },
    output,
    stop,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2);
  const serverUrl = process.env.DATABASE_URL;
  if (!command || !serverUrl) {
    throw new Error('usage: DATABASE_URL=postgres://… node scripts/with-embedded-auth.mjs <command> [args…]');
  }
  const auth = await startEmbeddedAuth(serverUrl);
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...auth.env } });
  const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
  if (code !== 0) console.error(`Embedded server output:\n${auth.output()}`);
  await auth.stop();
  process.exit(code);
}
