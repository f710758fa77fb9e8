/**
 * Start-up failures the owner can fix: each ends the server with one line naming the setting to change and an
 * exit code of its own (docs/self-hosting.md lists them), and a stack trace only when DEBUG is set.
 */
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { DATA_DIR_SECRETS, prepareDataDir } from '../db/data-dir.ts';
import { type Env, readEnv } from '../env.ts';

export const STARTUP_EXIT = {
  environment: 2,
  port: 3,
  database: 4,
  dataDirUnusable: 5,
  dataDirForeign: 6,
  dataDirHeld: 7,
  /** Used by scripts/start.mjs, which cannot import this file: keep the two in step. */
  build: 8,
} as const;

export function exitAtStartup(kind: keyof typeof STARTUP_EXIT, message: string, cause?: unknown): never {
  console.error(message);
  // Read here rather than through readEnv: a bad environment is itself one of the failures reported.
  if (process.env.DEBUG && cause !== undefined) console.error(cause);
  process.exit(STARTUP_EXIT[kind]);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

export function readEnvAtStartup(): Env {
  try {
    return readEnv();
  } catch (error) {
    exitAtStartup('environment', error instanceof Error ? error.message : String(error), error);
  }
}

/** Why the server cannot listen on HOST:PORT, or undefined for an error that is not about them. */
export function listenProblem(error: unknown, env: Pick<Env, 'host' | 'port'>): string | undefined {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return `PORT ${env.port} on ${env.host} is in use by another program: stop it, or set PORT to a free port.`;
    case 'EACCES':
      return `PORT ${env.port} needs privileges this user does not have: set PORT above 1023 and put a reverse proxy in front (docs/self-hosting.md).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${env.host} is not an address of this machine: set HOST to 127.0.0.1 (behind a proxy) or 0.0.0.0.`;
    default:
      return undefined;
  }
}

/** Listens on HOST:PORT for a moment, so a busy port is found before any database is opened or created. */
export async function checkPortFree(env: Pick<Env, 'host' | 'port'>): Promise<void> {
  // Port 0 asks the system for any free port: there is nothing to check.
  if (env.port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port: env.port, host: env.host, exclusive: true }, resolve);
    });
  } catch (error) {
    const problem = listenProblem(error, env);
    if (problem) exitAtStartup('port', problem, error);
    throw error;
  }
  await new Promise((resolve) => probe.close(resolve));
}

/** What this server makes in DATA_DIR. */
const DATA_DIR_ENTRIES = new Set(['pglite', 'pglite.lock', 'storage', 'mail', ...DATA_DIR_SECRETS]);

/**
 * Neither the server's nor a sign of someone else's folder: a fresh volume's `lost+found`, hidden files, and a
 * log the shell opened there (`npm start > DATA_DIR/server.log`) before the first start.
 */
function isNeutral(name: string): boolean {
  return name === 'lost+found' || name.startsWith('.') || name.endsWith('.log');
}

function dataDirProblem(error: unknown, dataDir: string): string | undefined {
  const code = errorCode(error);
  const fix = 'give the user running the server a folder of its own there, or set DATA_DIR to one';
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `DATA_DIR ${dataDir} is not writable by this user (${code}): ${fix}.`;
    case 'EROFS':
      return `DATA_DIR ${dataDir} is on a read-only file system: set DATA_DIR to a writable folder.`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `DATA_DIR ${dataDir} is not a folder (a part of its path is a file): set DATA_DIR to a folder.`;
    case 'ENOSPC':
      return `DATA_DIR ${dataDir} is on a full disk: free some space, or set DATA_DIR to another disk.`;
    default:
      return undefined;
  }
}

/**
 * Refuses a DATA_DIR that is another program's (not empty, and nothing in it is this server's: start-up makes
 * every file below DATA_DIR the owner's only, which would lock others out of, say, a home folder), then makes
 * it private, creating it if need be.
 */
export async function prepareDataDirAtStartup(dataDir: string): Promise<void> {
  let entries: string[] = [];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') {
      const problem = dataDirProblem(error, dataDir);
      if (problem) exitAtStartup('dataDirUnusable', problem, error);
      throw error;
    }
  }
  const visible = entries.filter((name) => !isNeutral(name));
  if (visible.length > 0 && !visible.some((name) => DATA_DIR_ENTRIES.has(name))) {
    const shown = visible.slice(0, 3).join(', ') + (visible.length > 3 ? ', …' : '');
    exitAtStartup(
      'dataDirForeign',
      `DATA_DIR ${dataDir} holds other files (${shown}) and no data of this server: set DATA_DIR to a new or empty folder, or to this server's data folder.`,
    );
  }
  await prepareDataDir(dataDir).catch((error: unknown) => {
    const problem = dataDirProblem(error, dataDir);
    if (problem) exitAtStartup('dataDirUnusable', problem, error);
    throw error;
  });
}

/** The connection string as it can be shown: its password replaced, or nothing of it when it cannot be read. */
function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return ` (${url.href})`;
  } catch {
    return '';
  }
}

/**
 * Ends start-up when DATABASE_URL cannot be used; the message names the variable, never its password. A PGlite
 * that fails to open (no DATABASE_URL) is not a setting to fix: its error goes on with its stack.
 */
export function exitOnDatabaseFailure(databaseUrl: string | undefined): (error: unknown) => never {
  return (error) => {
    if (databaseUrl === undefined) throw error;
    const reason =
      error instanceof Error ? error.message.replaceAll(databaseUrl, 'DATABASE_URL') : String(error);
    exitAtStartup(
      'database',
      `Cannot use the database in DATABASE_URL${describeDatabaseUrl(databaseUrl)}: ${reason || errorCode(error) || 'no reason given'}. Check the host, port, user, password and database name.`,
      error,
    );
  };
}
