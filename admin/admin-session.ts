import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Env } from '../env.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { openPgliteDatabase } from '../db/pglite-database.ts';
import { openPostgresDatabase } from '../db/postgres-database.ts';
import type { AdminApi } from './admin-api.ts';
import { readEndpointFile } from './admin-endpoint-file.ts';
import { describeHolder, tryLockDataDir } from './data-dir-lock.ts';
import { createDatabaseAdmin } from './database-admin.ts';
import { localGuidesBucket, supabaseGuidesBucket, type GuidesBucket } from './guides-bucket.ts';
import { createRemoteAdmin } from './remote-admin.ts';

const migrationsFolder = fileURLToPath(new URL('../../../supabase/migrations/', import.meta.url));

/** What one admin command works with, and how it reached the database (for messages and tests). */
export interface AdminSession {
  admin: AdminApi;
  bucket: GuidesBucket;
  description: string;
  close(): Promise<void>;
}

function bucketFor(env: Env): GuidesBucket {
  if (env.supabaseStorage) return supabaseGuidesBucket(env.supabaseStorage);
  return localGuidesBucket(path.join(env.dataDir, 'storage', 'guides'));
}

/** The server writes admin.json just after it listens; give a server that is still starting a few seconds. */
async function waitForEndpoint(dataDir: string, serverPid: number) {
  for (let waited = 0; waited <= 15_000; waited += 250) {
    const endpoint = readEndpointFile(dataDir);
    if (endpoint?.pid === serverPid) return endpoint;
    await sleep(250);
  }
  return undefined;
}

/**
 * Decision 0050: PostgreSQL directly; PGlite through the running server's admin endpoint, or, when no server
 * runs, directly under the data folder's lock (the server refuses to start while the tool holds it).
 */
export async function openAdminSession(env: Env): Promise<AdminSession> {
  const bucket = bucketFor(env);
  if (env.databaseUrl) {
    const db = await openPostgresDatabase(env.databaseUrl);
    return { admin: createDatabaseAdmin(db), bucket, description: db.description, close: () => db.close() };
  }

  const pgliteFolder = path.join(env.dataDir, 'pglite');
  const locked = tryLockDataDir(env.dataDir, 'admin');
  if ('holder' in locked) {
    const { holder } = locked;
    const endpoint = holder.role === 'server' ? await waitForEndpoint(env.dataDir, holder.pid) : undefined;
    if (!endpoint) {
      throw new Error(
        `${describeHolder(holder, env.dataDir)} ${
          holder.role === 'server'
            ? 'It has not opened its admin endpoint (DATA_DIR/admin.json); is it still starting?'
            : 'Try again when it has finished.'
        }`,
      );
    }
    return {
      admin: createRemoteAdmin(endpoint),
      bucket,
      description: `the running server (process ${holder.pid}) at ${endpoint.url}`,
      close: async () => undefined,
    };
  }

  try {
    if (!existsSync(pgliteFolder)) {
      throw new Error(
        `No database in ${env.dataDir} yet. Start the server once (npm start), or point DATA_DIR at the right folder.`,
      );
    }
    const db = await openPgliteDatabase(pgliteFolder);
    try {
      // The same forward-only migrations the server would apply on its next start.
      await migrate(db, await readMigrations(migrationsFolder));
    } catch (error) {
      await db.close();
      throw error;
    }
    return {
      admin: createDatabaseAdmin(db),
      bucket,
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
