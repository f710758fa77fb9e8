import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * PGlite is a single-process database: two processes opening one DATA_DIR/pglite corrupt it. Whoever opens
 * it (the server, or the owner's tool while no server runs) first takes DATA_DIR/pglite.lock.
 */
const holderSchema = z.object({
  pid: z.number().int(),
  role: z.enum(['server', 'admin']),
  nonce: z.string(),
  since: z.string(),
});
export type LockHolder = z.infer<typeof holderSchema>;

export interface DataDirLock {
  /** Removes the lock file if it is still ours; safe to call more than once, and from an 'exit' handler. */
  release(): void;
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'pglite.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

export function readLockHolder(dataDir: string): LockHolder | undefined {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(readFileSync(lockFilePath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A holder that is gone (or is this very process, e.g. PID 1 again after a container restart) holds nothing. */
function holdsIt(holder: LockHolder | undefined): holder is LockHolder {
  return holder !== undefined && holder.pid !== process.pid && isAlive(holder.pid);
}

/**
 * Takes the lock, or names the live process holding it. The file appears with its content in one step (written
 * aside, then hard-linked into place, which fails if it exists), so a reader never sees a half-written lock.
 */
export function tryLockDataDir(
  dataDir: string,
  role: LockHolder['role'],
): { lock: DataDirLock } | { holder: LockHolder } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockFilePath(dataDir);
  const mine: LockHolder = {
    pid: process.pid,
    role,
    nonce: randomBytes(8).toString('hex'),
    since: new Date().toISOString(),
  };
  const draft = `${file}.${process.pid}.${mine.nonce}`;
  writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, file);
        return { lock: { release: () => releaseIfMine(dataDir, mine) } };
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      }
      const holder = readLockHolder(dataDir);
      if (holdsIt(holder)) return { holder };
      // Left behind by a process that died (or unreadable, or released meanwhile): clear it and try again.
      rmSync(file, { force: true });
    }
    throw new Error(
      `Could not take ${file}: it keeps reappearing. Is another process starting on this DATA_DIR?`,
    );
  } finally {
    unlinkSync(draft);
  }
}

function releaseIfMine(dataDir: string, mine: LockHolder) {
  if (readLockHolder(dataDir)?.nonce !== mine.nonce) return;
  try {
    unlinkSync(lockFilePath(dataDir));
  } catch {
    // Already gone: nothing to release.
  }
}

/** What the owner reads when the data folder is busy. */
export function describeHolder(holder: LockHolder, dataDir: string): string {
  const who = holder.role === 'server' ? 'The server' : 'An admin command';
  return `${who} (process ${holder.pid}, since ${holder.since}; lock file ${lockFilePath(dataDir)}) is using the database in ${dataDir}.`;
}

/**
 * The server's way in: while an admin command holds DATA_DIR it waits (and says so once, through `onWait`),
 * then takes the lock; another server holding it is returned at once, since waiting for it could be forever.
 */
export async function lockDataDirForServer(
  dataDir: string,
  onWait: (holder: LockHolder) => void,
  pollMs = 250,
): Promise<{ lock: DataDirLock } | { holder: LockHolder }> {
  let told = false;
  for (;;) {
    const attempt = tryLockDataDir(dataDir, 'server');
    if ('lock' in attempt || attempt.holder.role === 'server') return attempt;
    if (!told) onWait(attempt.holder);
    told = true;
    await sleep(pollMs);
  }
}
