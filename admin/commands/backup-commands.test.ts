import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEntry } from '../test/admin-processes.ts';

let main: string;
let folder: string;
beforeAll(async () => {
  main = await adminEntry();
  folder = await mkdtemp(path.join(os.tmpdir(), 'backup-refusals-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The owner's tool as `npm run admin` runs it, with only these settings. */
function admin(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [main, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('backup and restore refusals (exit code 2, nothing changed)', () => {
  it('sends PostgreSQL to pg_dump', () => {
    const run = admin({ DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none' }, 'backup');
    expect(run).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/DATABASE_URL is set: back up PostgreSQL with pg_dump/),
    });
  });

  it('restores only into an empty DATA_DIR, and only a file that backup wrote', async () => {
    const taken = path.join(folder, 'taken');
    await writeFile(path.join(folder, 'note.txt'), 'hello');
    const notEmpty = admin({ DATA_DIR: folder }, 'restore', path.join(folder, 'note.txt'));
    expect(notEmpty).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is not empty: restore into a new folder/),
    });

    const foreign = path.join(folder, 'foreign.jsonl.gz');
    await writeFile(foreign, gzipSync('{"hello":"world"}\n'));
    const notBackup = admin({ DATA_DIR: taken }, 'restore', foreign);
    expect(notBackup).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is not a backup written by `backup`/),
    });
    expect(existsSync(taken)).toBe(false);

    const escaping = path.join(folder, 'escaping.jsonl.gz');
    const header = {
      format: 'three-lenses-backup',
      version: 1,
      createdAt: '2026-11-23T00:00:00Z',
      migrations: [],
    };
    await writeFile(
      escaping,
      gzipSync(`${JSON.stringify(header)}\n${JSON.stringify({ file: '../outside.txt', data: 'aGk=' })}\n`),
    );
    const outside = admin({ DATA_DIR: path.join(folder, 'third') }, 'restore', escaping);
    expect(outside).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/names a file outside DATA_DIR: \.\.\/outside\.txt/),
    });
    expect(existsSync(path.join(folder, 'third'))).toBe(false);
    expect(existsSync(path.join(folder, 'outside.txt'))).toBe(false);
  });
});
