import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDirForServer, lockFilePath, readLockHolder, tryLockDataDir } from './data-dir-lock.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** A process that is alive (and is not this one) for as long as the test needs. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('could not start a child process');
  return child.pid;
}

async function exitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('could not start a child process');
  return child.pid;
}

const dataDir = () => mkdtemp(path.join(os.tmpdir(), 'lock-'));
const lockOf = (pid: number, role = 'server') =>
  JSON.stringify({ pid, role, nonce: 'n', since: '2026-11-22T08:00:00.000Z' });

describe('the data folder lock', () => {
  it('is a file only the owner can read, naming this process, removed on release', async () => {
    const dir = await dataDir();
    const taken = tryLockDataDir(dir, 'admin');
    if (!('lock' in taken)) throw new Error('expected the lock');
    expect(readLockHolder(dir)).toMatchObject({ pid: process.pid, role: 'admin' });
    expect(statSync(lockFilePath(dir)).mode & 0o777).toBe(0o600);
    taken.lock.release();
    taken.lock.release();
    expect(existsSync(lockFilePath(dir))).toBe(false);
  });

  it('names the live process that holds it, and leaves its file alone', async () => {
    const dir = await dataDir();
    const pid = liveProcess();
    await writeFile(lockFilePath(dir), lockOf(pid));
    expect(tryLockDataDir(dir, 'admin')).toEqual({
      holder: expect.objectContaining({ pid, role: 'server' }),
    });
    expect(await readFile(lockFilePath(dir), 'utf8')).toBe(lockOf(pid));
  });

  it('takes over a lock left by a process that is gone, or an unreadable one', async () => {
    const dir = await dataDir();
    await writeFile(lockFilePath(dir), lockOf(await exitedProcess()));
    expect(tryLockDataDir(dir, 'server')).toHaveProperty('lock');
    expect(readLockHolder(dir)?.pid).toBe(process.pid);
    await writeFile(lockFilePath(dir), 'garbage');
    expect(tryLockDataDir(dir, 'server')).toHaveProperty('lock');
  });

  it('release never removes a lock another process has taken since', async () => {
    const dir = await dataDir();
    const taken = tryLockDataDir(dir, 'admin');
    if (!('lock' in taken)) throw new Error('expected the lock');
    const other = lockOf(liveProcess());
    await writeFile(lockFilePath(dir), other);
    taken.lock.release();
    expect(await readFile(lockFilePath(dir), 'utf8')).toBe(other);
  });

  it('lets a server wait for an admin command, saying so once, and take the lock when it is released', async () => {
    const dir = await dataDir();
    const pid = liveProcess();
    await writeFile(lockFilePath(dir), lockOf(pid, 'admin'));
    const waits: number[] = [];
    const taking = lockDataDirForServer(dir, (holder) => waits.push(holder.pid), 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(waits).toEqual([pid]);
    await unlink(lockFilePath(dir));
    expect(await taking).toHaveProperty('lock');
    expect(readLockHolder(dir)).toMatchObject({ pid: process.pid, role: 'server' });
    expect(waits).toEqual([pid]);
  });

  it('does not let a server wait for another server', async () => {
    const dir = await dataDir();
    const pid = liveProcess();
    await writeFile(lockFilePath(dir), lockOf(pid, 'server'));
    const waits: number[] = [];
    expect(await lockDataDirForServer(dir, (holder) => waits.push(holder.pid))).toEqual({
      holder: expect.objectContaining({ pid, role: 'server' }),
    });
    expect(waits).toEqual([]);
  });
});
