// Runs a command against a throwaway PostgreSQL cluster: initdb in a temp folder, start on a free loopback
// port, run the command with DATABASE_URL set, stop and delete the cluster. As root the server runs as `postgres`.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from './server-process.mjs';

/** The bin folder of the newest PostgreSQL server: PG_BIN, Debian's, or Debian's installed with apt when root. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  const fromDebian = () =>
    existsSync(base)
      ? readdirSync(base)
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join(base, version, 'bin'))
          .find((bin) => existsSync(path.join(bin, 'postgres')))
      : undefined;
  let bin = process.env.PG_BIN ?? fromDebian();
  if (!bin && process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log("Installing Debian's postgresql package for the PostgreSQL test run…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = fromDebian();
  }
  if (!bin) {
    throw new Error(
      "No PostgreSQL server found. Install Debian's `postgresql` package or set PG_BIN to its bin folder.",
    );
  }
  return bin;
}

/** Starts a cluster and returns its URL and a stop function. */
/** Runs one statement on the cluster at `serverUrl` over a connection of its own (create or drop a database). */
async function onCluster(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database `<prefix>_<random>` on the cluster at `serverUrl`, a copy of `template` when one is named,
 * and returns its name, its address, and `drop()`, which removes it with any sessions still on it.
 */
export async function createDatabase(serverUrl, prefix, template) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onCluster(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onCluster(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function startPostgres() {
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-'));
  chmodSync(dir, 0o700);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });
  const port = await freePort();
  run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    path.join(dir, 'data'),
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on`,
    '-w',
    'start',
  ]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: node scripts/with-postgres.mjs <command> [args…]');
  const postgres = await startPostgres();
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: postgres.url },
  });
  const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
  postgres.stop();
  process.exit(code);
}
