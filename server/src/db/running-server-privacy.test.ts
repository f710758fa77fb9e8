// A real server process started with a permissive umask (022): what DATA_DIR holds stays the owner's, the mail
// folder comes back when removed, e-mail addresses stay out of the log, and the owner's tool erases a person's
// .eml files and finds their log lines.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../../../scripts/server-process.mjs';
import { writeFixtureSite } from '../../test/test-app.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

let dataDir: string;
let mailFolder: string;
let server: ServerProcess;

beforeAll(async () => {
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
      },
    });
  } finally {
    process.umask(previous);
  }
}, 60_000);
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

function runTool(args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'admin/main.ts', ...args], { cwd: root, env });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout })),
  );
}

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

  it('logs no address in clear; the tool names its token, and erasure takes the .eml files too', async () => {
    await waitFor('two mail.written lines', async () => server.output().split('mail.written').length === 3);
    expect(server.output()).not.toMatch(/lovelace@|bob@example/i);
    const found = await runTool(['signups', 'find-logs', 'BOB@example.com']);
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/^addr_[0-9a-f]{16}\n$/);
    expect(server.output()).toContain(found.stdout.trim());

    const erased = await runTool(['signups', 'erase', 'Bob@Example.com', '--yes']);
    expect(erased).toMatchObject({ code: 0, stdout: expect.stringContaining('1 .eml file') });
    expect(await emlFiles()).toEqual([]);
  });
});
