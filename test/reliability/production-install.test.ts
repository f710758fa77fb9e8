// The production install from a clean clone of HEAD: `NODE_ENV=production npm run build` with the settings in
// .env, then `npm ci --omit=dev` and `npm start`, which serves that build with no dev dependency installed:
// the page, the guides and a sign-up, in a serving process that stays under 200 MB.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../scripts/server-process.mjs';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { cleanups, peakRssMb, postSignup, request, runCleanups, tempDir } from './harness.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const SITE_URL = 'https://lenses.example';

let clone: string;
let port: number;
let serverPid: number | undefined;
let serverOutput: () => string;

/**
 * Builds in the clone with the working tree's packages linked in (a full install would take minutes), each
 * package on its own, so the build's scratch folders (node_modules/.tmp, .vite) stay the clone's.
 */
async function buildWithLinkedPackages() {
  const modules = path.join(clone, 'node_modules');
  await mkdir(modules);
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (!entry.startsWith('.'))
      await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  await run(process.execPath, ['scripts/build.mjs'], {
    cwd: clone,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
  });
  await rm(modules, { recursive: true });
}

beforeAll(async () => {
  clone = await tempDir('production-clone-');
  await run('git', ['clone', '--quiet', root, clone]);
  // The environment wins over .env: the server below gets PORT=0 and listens on a free port, not on 1.
  await writeFile(path.join(clone, '.env'), `SITE_URL=${SITE_URL}\nPORT=1\n`);
  await buildWithLinkedPackages();
  await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone });

  const { scripts } = JSON.parse(readFileSync(path.join(clone, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  // package.json's start script, with this Node, so the process measured is the one that serves.
  const [, ...nodeArgs] = scripts.start.split(' ');
  const server = await spawnServer({
    script: nodeArgs.at(-1) ?? '',
    nodeArgs: nodeArgs.slice(0, -1),
    cwd: clone,
    env: { DATA_DIR: await tempDir('production-data-') },
    // The installed server creates its own database: a clean install's first start is what this measures.
    firstStart: true,
  });
  cleanups.push(() => server.stop('SIGKILL'));
  serverPid = server.child.pid;
  serverOutput = server.output;
  port = server.port;
}, 300_000);
afterAll(runCleanups);

describe('npm ci --omit=dev && npm start, from a clean clone built beforehand', () => {
  it('installs no build tool and serves the build as it is, with the settings of .env', async () => {
    expect(existsSync(path.join(clone, 'node_modules', 'vite'))).toBe(false);
    expect(serverOutput()).not.toMatch(/Building the site|serving it as it is|Links point at/);
    const page = await request(port, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${SITE_URL}/" />`);
  });

  it('reads the guides and takes a sign-up', async () => {
    const anon = { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` };
    const guides = await request(port, {
      path: '/rest/v1/guides?select=name&is_active=eq.true&order=order_index.asc',
      headers: anon,
    });
    expect(guides.status).toBe(200);
    expect(JSON.parse(guides.body)).toEqual(expect.arrayContaining([{ name: expect.any(String) }]));
    const signup = await postSignup(port, 'Ada Lovelace', 'ada@example.com');
    expect([signup.status, signup.body]).toEqual([200, '{"ok":true}']);
  });

  it('serves within 200 MB', () => {
    expect(peakRssMb(serverPid)).toBeLessThan(200);
  });
});
