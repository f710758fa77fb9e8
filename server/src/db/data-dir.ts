/**
 * DATA_DIR holds personal data (the database, e-mails as files, the log key): it is the owner's alone. Files
 * and folders created in it are 0600 and 0700 whatever the umask the process was started with.
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PRIVATE_UMASK = 0o077;

/** Group or world bits off, everywhere below `folder` (symbolic links are left alone: they name other files). */
export async function removeGroupAndWorldAccess(folder: string): Promise<void> {
  const info = await lstat(folder);
  if (info.isSymbolicLink()) return;
  if ((info.mode & PRIVATE_UMASK) !== 0) await chmod(folder, info.mode & 0o700);
  if (!info.isDirectory()) return;
  for (const entry of await readdir(folder)) await removeGroupAndWorldAccess(path.join(folder, entry));
}

/**
 * Makes every file this process creates from now on private, and DATA_DIR itself 0700 (created so, or
 * tightened when an older version left it open), so nothing in it is reachable by other local users.
 * Some writers ignore the umask (PGlite unpacks its first files 0666; a copy keeps its source's mode):
 * `removeGroupAndWorldAccess` after start-up catches what they wrote.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  process.umask(PRIVATE_UMASK);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}

/**
 * The secrets a DATA_DIR keeps, each made at the first start unless the environment gives it: `log-hash-key`
 * hashes e-mail addresses in log lines (LOG_HASH_KEY), `jwt-secret` signs and verifies every JWT of the
 * embedded server (JWT_SECRET). A backup leaves them out unless asked (admin/commands/backup-commands.ts).
 */
export const DATA_DIR_SECRETS = ['log-hash-key', 'jwt-secret'] as const;
export type DataDirSecret = (typeof DATA_DIR_SECRETS)[number];

/** A secret of this DATA_DIR, if it has one yet. */
async function readSecret(dataDir: string, name: DataDirSecret): Promise<string | undefined> {
  try {
    return (await readFile(path.join(dataDir, name), 'utf8')).trim();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The key that hashes addresses in logs and erasure records: LOG_HASH_KEY, else DATA_DIR's own if it has one yet. */
export async function readLogHashKey(env: { logHashKey?: string | undefined; dataDir: string }) {
  return env.logHashKey ?? (await readSecret(env.dataDir, 'log-hash-key'));
}

/** A secret of this DATA_DIR, made at the first start: 32 random bytes, readable by the owner only. */
export async function readOrCreateSecret(dataDir: string, name: DataDirSecret): Promise<string> {
  const existing = await readSecret(dataDir, name);
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(path.join(dataDir, name), `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    // Another process (the owner's tool, a second server) wrote it first: use theirs.
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
      const theirs = await readSecret(dataDir, name);
      if (theirs) return theirs;
    }
    throw error;
  }
}
