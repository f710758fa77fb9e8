import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('refuses a production build without SITE_URL in one line naming it, before building anything', async () => {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'refused-build-'));
  try {
    // SITE_URL set empty in the environment: it wins over any SITE_URL in the project's .env.
    const build = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, 'build.mjs'), '--out-dir', outDir],
      { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SITE_URL: '' }, encoding: 'utf8' },
    );
    expect(build.status).toBe(1);
    expect(build.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^SITE_URL is not set: a production build \(NODE_ENV=production\) needs/),
    ]);
    expect(await readdir(outDir)).toEqual([]);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});
