// The real server adds a browser's visit to / to page_views by default (once per visitor and day), and counts nothing when started with
// COUNT_PAGE_VIEWS=false.
import { mkdtemp } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database.ts';
import { spawnServer } from '../../../scripts/server-process.mjs';
import { writeFixtureSite } from '../../test/test-app.ts';

/** Opens / as a browser does (node:http, since fetch may not send the Sec-Fetch headers) and answers its status. */
function navigate(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: '/',
        headers: {
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
          'sec-fetch-site': 'none',
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
        },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Starts a server, opens / twice from one browser, stops it (which writes the pending counts) and reads page_views. */
async function pageViewsAfterTwoVisits(distDir: string, env: Record<string, string>) {
  const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'page-views-')), 'data');
  const server = await spawnServer({ env: { DATA_DIR: dataDir, DIST_DIR: distDir, ...env } });
  const statuses = [await navigate(server.port), await navigate(server.port)];
  const exitCode = await server.stop();
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    const rows = await db.query('select path, views::int as views from public.page_views');
    return { statuses, exitCode, rows };
  } finally {
    await db.close();
  }
}

let counting: Awaited<ReturnType<typeof pageViewsAfterTwoVisits>>;
let notCounting: Awaited<ReturnType<typeof pageViewsAfterTwoVisits>>;

beforeAll(async () => {
  const distDir = await writeFixtureSite();
  [counting, notCounting] = await Promise.all([
    pageViewsAfterTwoVisits(distDir, {}),
    pageViewsAfterTwoVisits(distDir, { COUNT_PAGE_VIEWS: 'false' }),
  ]);
});

describe('COUNT_PAGE_VIEWS on a running server', () => {
  it('counts a browser opening / by default, once a day, written when the server stops', () => {
    expect(counting.statuses).toEqual([200, 200]);
    expect(counting.exitCode).toBe(0);
    expect(counting.rows).toEqual([{ path: '/', views: 1 }]);
  });

  it('counts nothing when false, and serves the page all the same', () => {
    expect(notCounting.statuses).toEqual([200, 200]);
    expect(notCounting.exitCode).toBe(0);
    expect(notCounting.rows).toEqual([]);
  });
});
