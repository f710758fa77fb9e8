import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Env } from '../server/src/env.ts';
import {
  type Database,
  describeHolder,
  openMigratedDatabase,
  openPostgresDatabase,
  SOCKET_FILE,
  tryLockDataDir,
} from '../server/src/db/index.ts';
import { localBucket, type StorageBucket } from '../server/src/storage/storage-door.ts';
import { supabaseBucket } from './storage-bucket.ts';

/** What one admin command works with, and how it reached the database (for messages and tests). */
export interface AdminSession {
  /** What the per-table modules (guides-admin.ts, lessons-admin.ts, …) run their SQL on. */
  db: Database;
  /** The public guide pictures, and the private course's lesson files. */
  buckets: Buckets;
  description: string;
  close(): Promise<void>;
}

type Buckets = Record<'guides' | 'course', StorageBucket>;

function bucketsFor(env: Env): Buckets {
  const { supabaseStorage } = env;
  const bucket = (name: string) =>
    supabaseStorage
      ? supabaseBucket(supabaseStorage, name)
      : localBucket(path.join(env.dataDir, 'storage', name));
  return { guides: bucket('guides'), course: bucket('course') };
}

/** The server opens its socket just after it listens; give a server that is still starting a few seconds. */
async function waitForSocket(dataDir: string): Promise<boolean> {
  for (let waited = 0; waited <= 15_000; waited += 250) {
    if (existsSync(path.join(dataDir, SOCKET_FILE))) return true;
    await sleep(250);
  }
  return false;
}

/**
 * Decision 0063: always SQL over a Postgres connection when there is a server to talk to. DATABASE_URL's
 * PostgreSQL; on PGlite, the running server's socket in DATA_DIR; when no server runs, PGlite opened here
 * under DATA_DIR's lock (a server starting meanwhile waits for it).
 */
export async function openAdminSession(env: Env): Promise<AdminSession> {
  const buckets = bucketsFor(env);
  if (env.databaseUrl) {
    const db = await openPostgresDatabase(env.databaseUrl);
    return {
      db,
      buckets,
      description: db.description,
      close: () => db.close(),
    };
  }

  const pgliteFolder = path.join(env.dataDir, 'pglite');
  const locked = tryLockDataDir(env.dataDir, 'admin');
  if ('holder' in locked) {
    const { holder } = locked;
    if (holder.role !== 'server' || !(await waitForSocket(env.dataDir))) {
      throw new Error(
        `${describeHolder(holder, env.dataDir)} ${
          holder.role === 'server'
            ? `It has not opened its socket (DATA_DIR/${SOCKET_FILE}); is it still starting?`
            : 'Try again when it has finished.'
        }`,
      );
    }
    const db = await openPostgresDatabase(
      `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(path.resolve(env.dataDir))}`,
    );
    return {
      db,
      buckets,
      description: `the running server (process ${holder.pid}) at ${path.join(env.dataDir, SOCKET_FILE)}`,
      close: () => db.close(),
    };
  }

  try {
    if (!existsSync(pgliteFolder)) {
      throw new Error(
        `No database in ${env.dataDir} yet. Start the server once (npm start), or point DATA_DIR at the right folder.`,
      );
    }
    // With the same forward-only migrations the server would apply on its next start.
    const { db } = await openMigratedDatabase({ dataDir: env.dataDir });
    return {
      db,
      buckets,
      description: `${db.description} (no server running; holding ${env.dataDir}'s lock)`,
      async close() {
        try {
          await db.close();
        } finally {
          locked.lock.release();
        }
      },
    };
  } catch (error) {
    locked.lock.release();
    throw error;
  }
}
