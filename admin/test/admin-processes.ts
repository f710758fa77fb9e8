/** Real processes on PGlite folders for the admin tool's tests: `npm run admin`'s entry point, and data folders. */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPgliteDataDirDatabase } from '../../server/test/test-database.ts';
import { bundleAdmin } from '../../scripts/bundle-server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The environment of a process on `dataDir` with PGlite, whatever the test run's DATABASE_URL. */
export const pgliteEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ...extra,
});

/** A migrated PGlite data folder holding one guide. */
export async function createdDataDir() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'admin-data-'));
  const db = await createPgliteDataDirDatabase(dataDir);
  await db.exec(
    "insert into public.guides (name, title, order_index) values ('Amara Okafor', 'Strategist', 1)",
  );
  await db.close();
  return dataDir;
}

let compiled: Promise<string> | undefined;

/**
 * `npm run admin`'s entry point (admin/main.ts) compiled to one file, once per test file: under tsx, every process
 * would compile and load its modules one by one again.
 */
export const adminEntry = () => (compiled ??= bundleAdmin());

/** Runs `npm run admin -- …args` as a terminal would, with `input` on its stdin. */
export async function runTool(args: string[], env: NodeJS.ProcessEnv, input?: string) {
  const child = spawn(process.execPath, [await adminEntry(), ...args], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}
