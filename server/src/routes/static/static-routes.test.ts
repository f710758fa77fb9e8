import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createEmptyPgliteDatabase } from '../../../test/test-database.ts';
import { createTestApp, writeFixtureSite } from '../../../test/test-app.ts';

let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  db = await createEmptyPgliteDatabase();
  const dist = await writeFixtureSite();
  const index = path.join(dist, 'index.html');
  const { readFile } = await import('node:fs/promises');
  const html = await readFile(index);
  await writeFile(`${index}.br`, brotliCompressSync(html));
  await writeFile(`${index}.gz`, gzipSync(html));
  await writeFile(path.join(dist, 'privacy.html'), '<!doctype html><title>Privacy policy</title>');
  await mkdir(path.join(dist, 'course'));
  await writeFile(path.join(dist, 'course', 'index.html'), '<!doctype html><title>Your course</title>');
  await writeFile(
    path.join(dist, 'course', 'plan.html'),
    '<!doctype html><title>My three-lenses plan</title>',
  );
  app = await createTestApp(db, { distDir: dist });
});
afterAll(() => db.close());

describe('the static site', () => {
  it('serves the prerendered home page, not cached without revalidation, with security headers', async () => {
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Home</title>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves brotli or gzip from the build when the browser accepts it', async () => {
    const br = await app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(
      '<title>Home</title>',
    );
    const gzip = await app.request('/', { headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('caches hashed assets forever and answers 304 to a matching ETag', async () => {
    const response = await app.request('/assets/app-3f2a1b.js');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const etag = response.headers.get('etag') ?? '';
    const again = await app.request('/assets/app-3f2a1b.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers unknown paths with the prerendered 404 page and status 404', async () => {
    for (const url of ['/nope', '/nope/deeper?x=1', '/%E0%A4%A', '/.vite/manifest.json']) {
      const response = await app.request(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Oops! Page not found');
    }
  });

  it('serves a prerendered page at its clean URL: name.html, else name/index.html', async () => {
    for (const [url, title] of [
      ['/privacy', 'Privacy policy'],
      ['/privacy.html', 'Privacy policy'],
      ['/course', 'Your course'],
      ['/course/', 'Your course'],
      ['/course/plan', 'My three-lenses plan'],
      ['/course/plan.html', 'My three-lenses plan'],
    ]) {
      const response = await app.request(url ?? '');
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain(`<title>${title}</title>`);
    }
    for (const url of ['/privacy/', '/privacy.htm', '/course.html', '/course/plan/', '/assets/app-3f2a1b']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(404);
    }
  });

  it('serves byte ranges, as video players ask for them', async () => {
    const response = await app.request('/teaser.mp4', { headers: { range: 'bytes=2-5' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await response.text()).toBe('2345');
    const tail = await app.request('/teaser.mp4', { headers: { range: 'bytes=-3' } });
    expect(await tail.text()).toBe('789');
    const outside = await app.request('/teaser.mp4', { headers: { range: 'bytes=50-' } });
    expect(outside.status).toBe(416);
  });

  it('answers HEAD without a body', async () => {
    const response = await app.request('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
