import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Tx } from './database.ts';
import { type PgliteSocket, servePgliteSocket } from './pglite-socket.ts';
import { createSessionLock, withSessionLock } from './session-lock.ts';

/**
 * PGlite's defaults plus:
 * - an 8 MB buffer pool instead of Postgres's 128 MB (decision 0043): the pool lives in this process's memory,
 *   and the site's tables are a few megabytes.
 * - new WAL files are not filled with zeros before use (decision 0055): Postgres runs on this process's only
 *   thread, where the filling would stall requests, and PGlite never fsyncs (decision 0060), so the zeros
 *   would make no record more durable.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'wal_init_zero=off'];

function sqlOver(runner: PGlite | Transaction): Tx {
  return {
    async exec(script) {
      await runner.exec(script);
    },
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await runner.query<Row>(text, [...params]);
      return result.rows;
    },
  };
}

/**
 * Creates the database files in `dataDir` in a short-lived Node process: PGlite runs initdb in a second
 * Postgres instance, whose memory this process would otherwise keep for its whole life.
 */
async function initdbInChildProcess(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = [
    `const { PGlite } = require(${JSON.stringify(entry)});`,
    `const pg = new PGlite(${JSON.stringify({ dataDir, startParams: START_PARAMS })});`,
    'pg.waitReady.then(() => pg.close());',
  ].join('\n');
  try {
    await promisify(execFile)(process.execPath, ['-e', script]);
  } catch (error) {
    const stderr =
      typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr) : '';
    throw new Error(`Could not create the PGlite database in ${dataDir}: ${stderr || String(error)}`, {
      cause: error,
    });
  }
}

/**
 * How often a database on disk is checkpointed. PGlite runs Postgres in single-user mode, which has no
 * checkpointer: without this, WAL files pile up for as long as the process lives, and a restart after a kill
 * replays all of them.
 */
const CHECKPOINT_EVERY_MS = 60_000;

export interface PgliteDatabase extends Database {
  /**
   * Serves this database to other processes (the owner's tool, psql) as a Postgres Unix socket in `folder`.
   * They share the one session with this process's own queries, never in the middle of each other's
   * transaction (pglite-socket.ts).
   */
  serveSocket(folder: string): Promise<PgliteSocket>;
  /** The whole database as PGlite's data folder tarball, which `openPgliteDatabase` can start from. */
  dump(): Promise<Blob>;
}

/**
 * PGlite (Postgres compiled to WASM) in this process: on disk under `dataDir`, or in memory when it is omitted.
 * `from` is a dump to start a new database from instead of an empty one (the tests start from a migrated one).
 */
export async function openPgliteDatabase(
  dataDir?: string,
  { checkpointEveryMs = CHECKPOINT_EVERY_MS, from }: { checkpointEveryMs?: number; from?: Blob } = {},
): Promise<PgliteDatabase> {
  if (dataDir !== undefined && from === undefined && !existsSync(path.join(dataDir, 'PG_VERSION')))
    await initdbInChildProcess(dataDir);
  // One options object: PGlite reads a second argument only when the first is a folder (a string).
  const pg = new PGlite({ dataDir, startParams: START_PARAMS, loadDataDir: from });
  await pg.waitReady;
  const lock = createSessionLock();
  const exclusive = <T>(work: () => Promise<T>) => withSessionLock(lock, work);
  const session = sqlOver(pg);
  const checkpoints =
    dataDir === undefined
      ? undefined
      : setInterval(() => {
          exclusive(() => pg.exec('checkpoint')).catch((error: unknown) => {
            console.error(JSON.stringify({ event: 'pglite.checkpoint_failed', message: String(error) }));
          });
        }, checkpointEveryMs).unref();
  return {
    description: dataDir === undefined ? 'PGlite in memory' : `PGlite at ${dataDir}`,
    exec: (script) => exclusive(() => session.exec(script)),
    query: <Row>(text: string, params?: readonly unknown[]) =>
      exclusive(() => session.query<Row>(text, params)),
    transaction: (work) => exclusive(() => pg.transaction((tx) => work(sqlOver(tx)))),
    serveSocket: (folder) => servePgliteSocket(pg, lock, folder),
    dump: () => exclusive(() => pg.dumpDataDir('none')),
    close: () => {
      clearInterval(checkpoints);
      return exclusive(() => pg.close());
    },
  };
}
