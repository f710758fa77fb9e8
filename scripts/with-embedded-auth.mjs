// Runs a command beside the embedded server's auth, as the edge function's Deno test needs it: a database of its
// own on DATABASE_URL's PostgreSQL, the server from source on a free loopback port with a known JWT_SECRET, and
// the command given SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (minted here with jose) and SITE_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SignJWT } from 'jose';
import { spawnServer } from './server-process.mjs';
import { createDatabase } from './with-postgres.mjs';

const SITE_URL = 'https://lenses.example';

/** Starts the server; `env` is what a client of its auth needs, `stop()` stops it and drops its database. */
export async function startEmbeddedAuth(serverUrl) {
  const database = await createDatabase(serverUrl, 'auth');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-auth-'));
  const secret = randomBytes(32).toString('base64url');
  const dropAll = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url, JWT_SECRET: secret, SITE_URL },
  }).catch(async (error) => {
    await dropAll();
    throw error;
  });
  const stop = async () => {
    await server.stop();
    await dropAll();
  };
  const serviceRoleKey = await new SignJWT({ role: 'service_role', iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(secret));
  return {
    env: {
      SUPABASE_URL: server.url,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      SITE_URL,
    },
    output: server.output,
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
