// A real server process started with a permissive umask (022): what DATA_DIR holds stays the owner's, the mail
// folder comes back when removed, e-mail addresses stay out of the log, and the owner's tool erases a person's
// .eml files, finds their log lines, leaves their address in no database file, and keeps them erased when an
// older backup is restored.
import { spawn, spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAdmin } from '../../../scripts/bundle-server.mjs';
import { type ServerProcess, spawnServer } from '../../../scripts/server-process.mjs';
import { writeFixtureSite } from '../../test/test-app.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

let dataDir: string;
let mailFolder: string;
let server: ServerProcess;
let adminEntry: string;

beforeAll(async () => {
  adminEntry = await bundleAdmin();
  dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'private-')), 'data');
  mailFolder = path.join(dataDir, 'mail');
  const distDir = await writeFixtureSite();
  const previous = process.umask(0o022);
  try {
    server = await spawnServer({
      env: {
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000',
        SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
      },
      // The server creates every file itself, the database's too: what these tests check is how it makes them.
      firstStart: true,
    });
  } finally {
    process.umask(previous);
  }
});
afterAll(() => server.stop());

async function signUp(name: string, email: string) {
  const response = await fetch(`http://127.0.0.1:${server.port}/functions/v1/send-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email }),
  });
  expect(response.status).toBe(200);
}

const emlFiles = async () =>
  (await readdir(mailFolder).catch(() => [])).filter((name) => name.endsWith('.eml'));

async function waitFor(what: string, ready: () => Promise<boolean>) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (await ready()) return;
    await sleep(100);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function runTool(args: string[], on = dataDir) {
  const env = { ...process.env, DATA_DIR: on, DATABASE_URL: '', LOG_HASH_KEY: '' };
  const child = spawn(process.execPath, [adminEntry, ...args], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

/** The files below `folder` that hold `text`'s bytes. */
async function filesHolding(folder: string, text: string, skip: (file: string) => boolean = () => false) {
  const holding: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !skip(file) && (await readFile(file)).includes(text)) holding.push(file);
  }
  return holding;
}

let olderBackup = '';

describe('DATA_DIR under a running server started with umask 022', () => {
  it('keeps DATA_DIR 0700 and every file in it 0600: the database, the pictures, the e-mails', async () => {
    await signUp('Ada', 'Ada.Lovelace@Example.com');
    await waitFor('the first .eml', async () => (await emlFiles()).length === 1);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const loose: string[] = [];
    let files = 0;
    for (const entry of await readdir(dataDir, { withFileTypes: true, recursive: true })) {
      if (entry.isSymbolicLink() || entry.isSocket()) continue;
      const file = path.join(entry.parentPath, entry.name);
      files += 1;
      if (((await stat(file)).mode & 0o077) !== 0) loose.push(file);
    }
    expect(files).toBeGreaterThan(100);
    expect(loose).toEqual([]);
  });

  it('writes the next e-mail after the mail folder was removed', async () => {
    await rm(mailFolder, { recursive: true });
    await signUp('Bob', 'bob@example.com');
    await waitFor('an .eml in the re-created folder', async () => (await emlFiles()).length === 1);
    const [file = ''] = await emlFiles();
    expect(await readFile(path.join(mailFolder, file), 'utf8')).toContain('To: bob@example.com');
    expect((await stat(path.join(mailFolder, file))).mode & 0o777).toBe(0o600);
  });

  it('backs up into DATA_DIR/backups (0700, files 0600, ignored by git) without keys, sessions or mailbox', async () => {
    const backup = await runTool(['backup']);
    expect(backup.code).toBe(0);
    olderBackup = /to (\S+\.jsonl\.gz)\.\n/.exec(backup.stdout)?.[1] ?? '';
    expect(path.dirname(olderBackup)).toBe(path.join(dataDir, 'backups'));
    expect(backup.stdout).toContain('Left out: the keys');
    expect((await stat(path.dirname(olderBackup))).mode & 0o777).toBe(0o700);
    expect((await stat(olderBackup)).mode & 0o777).toBe(0o600);
    const lines = gunzipSync(await readFile(olderBackup))
      .toString()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { table?: string; file?: string; row?: { email?: string } });
    expect(lines.filter((line) => line.table === 'public.signups').map((line) => line.row?.email)).toEqual([
      'Ada.Lovelace@example.com',
      'bob@example.com',
    ]);
    expect(lines.filter((line) => line.table?.startsWith('auth.') && line.table !== 'auth.users')).toEqual(
      [],
    );
    expect(lines.flatMap((line) => line.file ?? [])).not.toContainEqual(
      expect.stringMatching(/^(jwt-secret|log-hash-key|mail\/|backups\/)/),
    );
    const repository = path.dirname(dataDir);
    spawnSync('git', ['init', '-q', repository]);
    const untracked = spawnSync('git', ['-C', repository, 'status', '--porcelain', '--untracked-files=all'], {
      encoding: 'utf8',
    }).stdout;
    expect(untracked).toContain('data/jwt-secret');
    expect(untracked).not.toContain('backups');
  });

  it('logs no address in clear; the tool names its token, and erasure takes the .eml files too', async () => {
    await waitFor('two mail.written lines', async () => server.output().split('mail.written').length === 3);
    expect(server.output()).not.toMatch(/lovelace@|bob@example/i);
    const found = await runTool(['signups', 'find-logs', 'BOB@example.com']);
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/^addr_[0-9a-f]{16}\n$/);
    expect(server.output()).toContain(found.stdout.trim());

    const erased = await runTool(['signups', 'erase', 'Bob@Example.com', '--yes']);
    expect(erased).toMatchObject({ code: 0, stdout: expect.stringContaining('1 .eml file') });
    expect(erased.stdout).toMatch(/Compacted 12 tables \(VACUUM FULL\)[\s\S]*Checkpointed/);
    expect(await emlFiles()).toEqual([]);
  });

  it("leaves the erased address in none of the database's table or index files (the write-ahead log aside)", async () => {
    const pglite = path.join(dataDir, 'pglite');
    const inWal = (file: string) => file.startsWith(path.join(pglite, 'pg_wal'));
    expect(await filesHolding(pglite, 'bob@example.com', inWal)).toEqual([]);
    // The search finds what is there: Ada's address, in her rows' files.
    expect((await filesHolding(pglite, 'Ada.Lovelace@example.com', inWal)).length).toBeGreaterThan(0);
  });

  it('restores a backup older than the erasure without Bob, and says so; refuses when it cannot check', async () => {
    const newer = await runTool(['backup']);
    expect(newer.code).toBe(0);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'restored-'));

    const keyless = path.join(folder, 'keyless');
    const refused = await runTool(['restore', olderBackup], keyless);
    expect(refused).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/record 1 erasure made with a log-hash key/),
    });
    expect(await readdir(folder)).toEqual([]);

    const restored = path.join(folder, 'data');
    await mkdir(restored, { mode: 0o700 });
    await copyFile(path.join(dataDir, 'log-hash-key'), path.join(restored, 'log-hash-key'));
    const restore = await runTool(['restore', olderBackup], restored);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("kept DATA_DIR's own log-hash-key");
    expect(restore.stdout).toContain('Re-erased 1 person erased after this backup was made');
    expect(await readdir(restored)).not.toContain('jwt-secret');
    // Her rows are there, and Bob's restored rows were erased and compacted away.
    const pglite = path.join(restored, 'pglite');
    const inWal = (file: string) => file.startsWith(path.join(pglite, 'pg_wal'));
    expect((await filesHolding(pglite, 'Ada.Lovelace@example.com', inWal)).length).toBeGreaterThan(0);
    expect(await filesHolding(pglite, 'bob@example.com', inWal)).toEqual([]);
  }, 180_000); // a guard: a backup and two restores, each a new PGlite, on a busy machine
});
