// Backup of a running server under sign-up load, restored into a new folder: every sign-up acknowledged before
// the backup began is there and none that was never acknowledged, the site answered every request meanwhile,
// DATA_DIR's own files came along (the guides' pictures and a lesson's stream), and a server started on the
// restored folder takes new sign-ups.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { postSignup, runCleanups, signupLoad, size, startServer, tempDir, waitFor } from './harness.ts';
import { readPglite } from './outcome.ts';

afterEach(runCleanups);

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const SIGNUPS = size(120, 5_000);

/** `npm run admin -- …args` on DATA_DIR `dataDir`. */
function admin(dataDir: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', path.join(root, 'admin', 'main.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
  });
}

it('backs up a running server under sign-up load, and restores every acknowledged sign-up into a new folder', async () => {
  const dataDir = await tempDir('backup-data-');
  const env = {
    DIST_DIR: dataDir,
    SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000000',
    SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
    MAIL_REQUESTS_PER_HOUR: '1000000',
  };
  const server = await startServer({ ...env, DATA_DIR: dataDir });
  // A lesson's stream as the owner's tool stores it: a playlist and its segments in the course bucket.
  const rung = path.join('storage', 'course', 'lessons', 'a1b2c3d4', '360p');
  const stream = new Map([
    [path.join(rung, 'index.m3u8'), Buffer.from('#EXTM3U\n#EXTINF:4.0,\nsegment-000.m4s\n#EXT-X-ENDLIST\n')],
    [path.join(rung, 'segment-000.m4s'), Buffer.from([0, 0, 0, 24, 115, 116, 121, 112])],
  ]);
  await mkdir(path.join(dataDir, rung), { recursive: true, mode: 0o700 });
  for (const [file, bytes] of stream) await writeFile(path.join(dataDir, file), bytes, { mode: 0o600 });
  const acknowledged: string[] = [];
  const address = (index: number) => `backup-${index}@example.com`;
  const load = signupLoad({
    count: SIGNUPS,
    concurrency: 10,
    port: async () => server.port,
    address,
    onAnswer: (answer, index) => {
      if (answer.status === 200) acknowledged.push(address(index));
    },
  });
  expect(await waitFor(() => acknowledged.length >= SIGNUPS / 3, 60_000, 20)).toBe(true);
  const beforeBackup = [...acknowledged];
  const file = path.join(await tempDir('backup-file-'), 'lenses.jsonl.gz');
  // With the keys, so the restored server keeps the sessions and log tokens of the one backed up.
  const backup = await admin(dataDir, 'backup', '--with-secrets', '--output', file);
  const duringBackup = acknowledged.length - beforeBackup.length;
  const { statuses, serverErrors } = await load;
  expect(backup.stdout).toMatch(
    /^Backed up \d+ rows of \d+ tables and \d+ files of .* to .*lenses\.jsonl\.gz\.\nIt holds the keys/,
  );
  expect([...statuses.keys()]).toEqual([200]);
  expect(serverErrors).toBe(0);
  // The backup ran while sign-ups kept arriving: the load did not wait for it.
  expect(duringBackup).toBeGreaterThan(0);

  const restoredDir = path.join(await tempDir('backup-restored-'), 'data');
  const restore = await admin(restoredDir, 'restore', file);
  expect(restore.stdout).toMatch(/^Restored \d+ rows and \d+ files into /);
  const restored = new Set((await readPglite(restoredDir)).signups);
  expect(beforeBackup.filter((email) => !restored.has(email))).toEqual([]);
  const everAcknowledged = new Set(acknowledged);
  expect([...restored].filter((email) => !everAcknowledged.has(email))).toEqual([]);
  for (const key of ['log-hash-key', 'jwt-secret']) {
    expect(readFileSync(path.join(restoredDir, key), 'utf8')).toBe(
      readFileSync(path.join(dataDir, key), 'utf8'),
    );
  }
  const pictures = (dir: string) => readdirSync(path.join(dir, 'storage', 'guides')).sort();
  expect(pictures(restoredDir)).toEqual(pictures(dataDir));
  expect(pictures(restoredDir).length).toBeGreaterThan(0);
  for (const [file, bytes] of stream) expect(readFileSync(path.join(restoredDir, file)), file).toEqual(bytes);

  await server.stop();
  const again = await startServer({ ...env, DATA_DIR: restoredDir });
  const next = await postSignup(again.port, 'After Restore', 'after-restore@example.com');
  expect(next.status).toBe(200);
});
