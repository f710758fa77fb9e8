import { chmod, mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDataDir, readOrCreateSecret, removeGroupAndWorldAccess } from './data-dir.ts';

async function modes(folder: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    found.push((await stat(path.join(entry.parentPath, entry.name))).mode & 0o777);
  }
  return found.sort();
}

describe('prepareDataDir', () => {
  it('closes a DATA_DIR an older version left readable, then what is in it, and makes one log key and one JWT secret, each private', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'loose-'));
    const previous = process.umask(0o022);
    try {
      await mkdir(path.join(dataDir, 'mail'), { mode: 0o755 });
      await writeFile(path.join(dataDir, 'mail', 'old.eml'), 'To: x@example.com\n\n', { mode: 0o644 });
      await chmod(dataDir, 0o755);
      await prepareDataDir(dataDir);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      await removeGroupAndWorldAccess(dataDir);
      expect(await modes(dataDir)).toEqual([0o600, 0o700]);
      const key = await readOrCreateSecret(dataDir, 'log-hash-key');
      expect(await readOrCreateSecret(dataDir, 'log-hash-key')).toBe(key);
      expect((await stat(path.join(dataDir, 'log-hash-key'))).mode & 0o777).toBe(0o600);
      const jwtSecret = await readOrCreateSecret(dataDir, 'jwt-secret');
      expect(jwtSecret).not.toBe(key);
      expect(jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(await readOrCreateSecret(dataDir, 'jwt-secret')).toBe(jwtSecret);
      expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});
