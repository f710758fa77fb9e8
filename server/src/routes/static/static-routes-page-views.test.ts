import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CountedPage } from '../../page-view-counter.ts';
import { loadSite } from './load-site.ts';
import { staticRoutes } from './static-routes.ts';
import { writeFixtureSite } from '../../../test/test-app.ts';

const counted: CountedPage[] = [];
let routes: ReturnType<typeof staticRoutes>;

beforeAll(async () => {
  const dist = await writeFixtureSite();
  await writeFile(path.join(dist, 'course.html'), '<!doctype html><title>Your course</title>');
  await writeFile(path.join(dist, 'privacy.html'), '<!doctype html><title>Privacy policy</title>');
  await mkdir(path.join(dist, 'course'));
  routes = staticRoutes(loadSite(dist), { count: (page) => counted.push(page) });
});
beforeEach(() => {
  counted.length = 0;
});

/** What a browser sends when a person opens a page. */
const navigation = (headers: Record<string, string> = {}) => ({
  headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', ...headers },
});

describe('page views of / and /course', () => {
  it('counts a browser opening either page under any of its addresses, with or without a query', async () => {
    for (const address of ['/', '/index.html', '/?utm_source=newsletter', '/course', '/course.html'])
      expect((await routes.request(address, navigation())).status).toBe(200);
    expect((await routes.request('/course?token_hash=abc&type=magiclink', navigation())).status).toBe(200);
    expect(counted).toEqual(['/', '/', '/', '/course', '/course', '/course']);
  });

  it('counts a page the browser revalidated from its cache (304)', async () => {
    const first = await routes.request('/', navigation());
    const etag = first.headers.get('etag') ?? '';
    const again = await routes.request('/', navigation({ 'if-none-match': etag }));
    expect(again.status).toBe(304);
    expect(counted).toEqual(['/', '/']);
  });

  it('does not count monitors, scripts, HEAD requests, fetches, other pages or the 404 page', async () => {
    expect((await routes.request('/')).status).toBe(200);
    expect((await routes.request('/', { method: 'HEAD', ...navigation() })).status).toBe(200);
    expect((await routes.request('/', { headers: { 'sec-fetch-mode': 'cors' } })).status).toBe(200);
    expect((await routes.request('/privacy', navigation())).status).toBe(200);
    expect((await routes.request('/assets/app-3f2a1b.js', navigation())).status).toBe(200);
    expect((await routes.request('/no-such-page', navigation())).status).toBe(404);
    expect(counted).toEqual([]);
  });
});
