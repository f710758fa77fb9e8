import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CountedPage, Visitor } from '../../page-views/page-view-counter.ts';
import { loadSite } from './load-site.ts';
import { staticRoutes } from './static-routes.ts';
import { writeFixtureSite } from '../../../test/test-app.ts';

const counted: CountedPage[] = [];
const visitors: Visitor[] = [];
const sources: string[] = [];
let routes: ReturnType<typeof staticRoutes>;

beforeAll(async () => {
  const dist = await writeFixtureSite();
  await writeFile(path.join(dist, 'course.html'), '<!doctype html><title>Your course</title>');
  await writeFile(path.join(dist, 'privacy.html'), '<!doctype html><title>Privacy policy</title>');
  await mkdir(path.join(dist, 'course'));
  routes = staticRoutes(loadSite(dist), {
    counter: {
      count: (page, visitor, source) => {
        counted.push(page);
        visitors.push(visitor);
        sources.push(source);
      },
    },
    clientAddress: (c) => c.req.header('x-test-client') ?? '203.0.113.7',
  });
});
beforeEach(() => {
  counted.length = 0;
  visitors.length = 0;
  sources.length = 0;
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0';

/** What a browser sends when a person opens a page. */
const browserHeaders = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': FIREFOX,
};
const navigation = (headers: Record<string, string> = {}) => ({ headers: { ...browserHeaders, ...headers } });

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

  it('hands the counter the visitor (client address and User-Agent) to tell visitors apart', async () => {
    await routes.request('/', navigation({ 'x-test-client': '198.51.100.4' }));
    expect(visitors).toEqual([{ address: '198.51.100.4', userAgent: FIREFOX }]);
  });

  it("hands the counter the view's source: the campaign, another site's host, or direct", async () => {
    await routes.request('/?utm_source=Newsletter', navigation());
    await routes.request(
      '/course',
      navigation({ 'sec-fetch-site': 'cross-site', referer: 'https://www.linkedin.com/feed/' }),
    );
    await routes.request(
      '/course',
      navigation({ 'sec-fetch-site': 'same-origin', referer: 'http://localhost/' }),
    );
    expect(sources).toEqual(['newsletter', 'linkedin.com', 'direct']);
  });

  it("does not count a script's navigation that lacks any header a browser sends with one", async () => {
    // curl -H 'Sec-Fetch-Mode: navigate', 50 times.
    for (let request = 0; request < 50; request += 1)
      await routes.request('/', {
        headers: { 'sec-fetch-mode': 'navigate', 'user-agent': 'curl/8.5.0', accept: '*/*' },
      });
    for (const missing of Object.keys(browserHeaders).filter((name) => name !== 'sec-fetch-user')) {
      const headers = Object.fromEntries(Object.entries(browserHeaders).filter(([name]) => name !== missing));
      expect((await routes.request('/', { headers })).status).toBe(200);
    }
    for (const [name, value] of [
      ['sec-fetch-dest', 'iframe'],
      ['sec-fetch-site', 'anything'],
      ['accept', 'application/json'],
      ['user-agent', ' '],
    ] as const)
      await routes.request('/', navigation({ [name]: value }));
    expect(counted).toEqual([]);
  });
});
