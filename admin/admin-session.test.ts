import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ServerProcess, spawnServer } from '../scripts/server-process.mjs';
import { readEnv } from '../server/src/env.ts';
import { lockFilePath, SOCKET_FILE } from '../server/src/db/index.ts';
import { writeFixtureSite } from '../server/test/test-app.ts';
import { solidPng } from '../server/test/test-images.ts';
import { openAdminSession } from './admin-session.ts';
import { createGuidesAdmin } from './guides-admin.ts';
import { createdDataDir, pgliteEnv, runTool } from './test/admin-processes.ts';

// These run real processes on PGlite folders: the server, and `npm run admin`'s entry point (the tool's own
// terminal behaviour is in admin-terminal.test.ts, so the two files run side by side).
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

/** Starts the real server (as `npm start` runs it) on the data folder; it is stopped after the test. */
async function startServer(dataDir: string, onOutput?: (output: string) => void): Promise<ServerProcess> {
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, DIST_DIR: await writeFixtureSite() },
    ...(onOutput && { onOutput }),
  });
  servers.push(server);
  return server;
}

describe('how the tool reaches a PGlite database', () => {
  it('refuses a data folder with no database, instead of creating an empty one', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'admin-empty-'));
    await expect(openAdminSession(readEnv({ DATA_DIR: dataDir }))).rejects.toThrow(/No database in .* yet/);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(lockFilePath(dataDir))).toBe(false);
  });

  it('opens PGlite itself under the lock when no server runs; a server starting meanwhile waits, then starts', async () => {
    const dataDir = await createdDataDir();
    const session = await openAdminSession(readEnv({ DATA_DIR: dataDir }));
    expect(session.description).toMatch(/PGlite at .* \(no server running/);
    expect((await createGuidesAdmin(session.db).list()).map((guide) => guide.name)).toEqual(['Amara Okafor']);
    let output = '';
    const started = startServer(dataDir, (text) => (output = text));
    await expect
      .poll(() => output, { timeout: 60_000 })
      .toMatch(/Waiting for an admin command to finish with .* \(process \d+\)…\n/);
    expect(await createGuidesAdmin(session.db).list()).toHaveLength(1);
    await session.close();
    const { child } = await started;
    expect(child.exitCode).toBeNull();
    expect(output.match(/Waiting for an admin command/g)).toHaveLength(1);
  });

  it('a second server on the same data folder exits with a clear message', async () => {
    const dataDir = await createdDataDir();
    await startServer(dataDir);
    await expect(startServer(dataDir)).rejects.toThrow(
      /The server \(process \d+, since .*\) is using the database in .*Stop that server first, or give this one another DATA_DIR\./,
    );
  });

  it('talks to the running server: `guides add --image` while it runs, seen at once by visitors', async () => {
    const dataDir = await createdDataDir();
    const server = await startServer(dataDir);
    expect(existsSync(path.join(dataDir, SOCKET_FILE))).toBe(true);

    const picture = path.join(dataDir, 'ada.png');
    await writeFile(picture, solidPng(4, 4, [10, 120, 200]));
    const added = await runTool(
      ['guides', 'add', '--name', 'Ada Lovelace', '--title', 'Analyst', '--image', picture],
      pgliteEnv(dataDir),
    );
    expect(added.stderr).toBe('');
    expect(added).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Added guide 2 "Ada Lovelace"/) });

    const base = server.url;
    const guides = z
      .array(z.object({ name: z.string(), image_url: z.string().nullable() }))
      .parse(
        await (await fetch(`${base}/rest/v1/guides?select=name,image_url&order=order_index.asc`)).json(),
      );
    expect(guides.map((guide) => guide.name)).toEqual(['Amara Okafor', 'Ada Lovelace']);
    const image = await fetch(`${base}/storage/v1/object/public/guides/${guides[1]?.image_url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(solidPng(4, 4, [10, 120, 200]));

    const session = await openAdminSession(readEnv({ DATA_DIR: dataDir }));
    expect(session.description).toMatch(/^the running server \(process \d+\) at .*\.s\.PGSQL\.5432$/);
    await session.close();

    await server.stop();
    expect(existsSync(path.join(dataDir, SOCKET_FILE))).toBe(false);
    expect(existsSync(lockFilePath(dataDir))).toBe(false);
    const afterStop = await runTool(['guides', 'list'], pgliteEnv(dataDir));
    expect(afterStop.stdout).toContain('Ada Lovelace');
  });
});
