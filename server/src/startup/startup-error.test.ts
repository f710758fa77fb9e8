import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_EXIT } from './startup-error.ts';
import { bundleServer } from '../../../scripts/bundle-server.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The server as `npm start` runs it (server/dist/index.mjs), compiled once for the file. */
let serverEntry: string[];

/** Runs the real server (or scripts/start.mjs) until it exits, and returns its exit code and output. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

function listenOnFreePort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    }),
  );
}

/** The one line the owner reads, and no stack trace. */
function expectOneLine(output: string, line: RegExp) {
  const lines = output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
}

describe('start-up failures: one line naming the setting, an exit code of its own', () => {
  let folder: string;
  let busy: { server: Server; port: number };

  beforeAll(async () => {
    serverEntry = [await bundleServer()];
    folder = await mkdtemp(path.join(os.tmpdir(), 'startup-errors-'));
    busy = await listenOnFreePort();
  });
  afterAll(async () => {
    await new Promise((resolve) => busy.server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it('a port in use is found before any database is created', async () => {
    const dataDir = path.join(folder, 'port-data');
    const { code, output } = await run(serverEntry, { PORT: String(busy.port), DATA_DIR: dataDir });
    expect(code).toBe(STARTUP_EXIT.port);
    expectOneLine(output, new RegExp(`^PORT ${busy.port} on 127\\.0\\.0\\.1 is in use by another program`));
    expect(existsSync(dataDir)).toBe(false);
  });

  it('DEBUG adds the stack trace', async () => {
    const { code, output } = await run(serverEntry, {
      PORT: String(busy.port),
      DATA_DIR: path.join(folder, 'debug-data'),
      DEBUG: '1',
    });
    expect(code).toBe(STARTUP_EXIT.port);
    expect(output).toMatch(/is in use by another program/);
    expect(output).toMatch(/EADDRINUSE[\s\S]*\n\s+at /);
  });

  it('an invalid setting is named', async () => {
    const { code, output } = await run(serverEntry, {
      PORT: 'eighty',
      DATA_DIR: path.join(folder, 'env-data'),
    });
    expect(code).toBe(STARTUP_EXIT.environment);
    expect(output).toMatch(/^Invalid environment \(see \.env\.example\):\n {2}PORT: /);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('an unreachable DATABASE_URL is named, its password never shown', async () => {
    const closed = await listenOnFreePort();
    await new Promise((resolve) => closed.server.close(resolve));
    const { code, output } = await run(serverEntry, {
      DATABASE_URL: `postgres://lenses:s3cret-pass@127.0.0.1:${closed.port}/lenses`,
      DATA_DIR: path.join(folder, 'unreachable-data'),
    });
    expect(code).toBe(STARTUP_EXIT.database);
    expectOneLine(
      output,
      new RegExp(
        `^Cannot use the database in DATABASE_URL \\(postgres://lenses:\\*\\*\\*@127\\.0\\.0\\.1:${closed.port}/lenses\\): .*ECONNREFUSED`,
      ),
    );
    expect(output).not.toContain('s3cret-pass');
  });

  it('a DATABASE_URL that cannot be read is named without echoing it', async () => {
    const { code, output } = await run(serverEntry, {
      DATABASE_URL: 'postgres://lenses:s3cret-pass@[not-an-address/lenses',
      DATA_DIR: path.join(folder, 'malformed-data'),
    });
    expect(code).toBe(STARTUP_EXIT.database);
    expectOneLine(output, /^Cannot use the database in DATABASE_URL: /);
    expect(output).not.toContain('s3cret-pass');
  });

  it('a DATA_DIR that cannot be a folder', async () => {
    const file = path.join(folder, 'a-file');
    await writeFile(file, 'not a folder');
    const { code, output } = await run(serverEntry, { DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(STARTUP_EXIT.dataDirUnusable);
    expectOneLine(
      output,
      /^DATA_DIR .*a-file\/data is not a folder \(a part of its path is a file\): set DATA_DIR/,
    );
  });

  it.skipIf(process.getuid?.() === 0)('a DATA_DIR this user may not write (skipped as root)', async () => {
    const locked = path.join(folder, 'locked');
    await mkdir(locked, { mode: 0o500 });
    const { code, output } = await run(serverEntry, { DATA_DIR: path.join(locked, 'data') });
    expect(code).toBe(STARTUP_EXIT.dataDirUnusable);
    expectOneLine(output, /^DATA_DIR .*locked\/data is not writable by this user \(EACCES\)/);
  });

  it("a folder of someone else's files is refused and left as it was", async () => {
    const foreign = path.join(folder, 'home');
    await mkdir(foreign, { mode: 0o755 });
    await writeFile(path.join(foreign, 'notes.txt'), 'mine', { mode: 0o644 });
    // A log the shell opened there, and hidden files, alone would not make it someone else's.
    await writeFile(path.join(foreign, 'server.log'), '');
    await writeFile(path.join(foreign, '.profile'), '');
    const { code, output } = await run(serverEntry, { DATA_DIR: foreign });
    expect(code).toBe(STARTUP_EXIT.dataDirForeign);
    expectOneLine(output, /^DATA_DIR .*home holds other files \(notes\.txt\) and no data of this server/);
    expect((await stat(path.join(foreign, 'notes.txt'))).mode & 0o777).toBe(0o644);
    expect((await stat(foreign)).mode & 0o777).toBe(0o755);
  });

  it('a data folder another server holds', async () => {
    const held = path.join(folder, 'held');
    await mkdir(held);
    // This test's own process stands in for the running server: the lock names a live process.
    const holder = { pid: process.pid, role: 'server', nonce: 'test', since: '2026-11-23T14:00:00.000Z' };
    await writeFile(path.join(held, 'pglite.lock'), JSON.stringify(holder));
    const { code, output } = await run(serverEntry, { DATA_DIR: held });
    expect(code).toBe(STARTUP_EXIT.dataDirHeld);
    expectOneLine(
      output,
      new RegExp(
        `^The server \\(process ${process.pid}, .*\\) is using the database in .*held\\. Stop that server first, or give this one another DATA_DIR\\.$`,
      ),
    );
  });

  it('npm start with a DIST_DIR holding no built site', async () => {
    const emptySite = path.join(folder, 'empty-site');
    await mkdir(emptySite);
    const { code, output } = await run([path.join(root, 'scripts/start.mjs')], {
      DIST_DIR: emptySite,
      DATA_DIR: path.join(folder, 'build-data'),
    });
    expect(code).toBe(STARTUP_EXIT.build);
    expectOneLine(output, /^DIST_DIR .*empty-site holds no built site \(no index\.html\): set DIST_DIR/);
  });
});
