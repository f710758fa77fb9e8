import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

const app = new Hono();
app.use(securityHeaders);
app.get('/page', (c) => c.html('<h1>Hello</h1>'));
app.get('/picture.svg', (c) => c.body('<svg/>', 200, { 'content-type': 'image/svg+xml' }));
app.get('/feed', (c) => c.body('<feed/>', 200, { 'content-type': 'Application/XML; charset=utf-8' }));
app.get('/untyped', (c) => {
  const response = c.body('?');
  response.headers.delete('content-type');
  return response;
});
app.get('/mistyped', (c) => c.body('?', 200, { 'content-type': 'not a type' }));
app.get('/nothing', (c) => c.body(null, 204));
app.get('/broken', () => {
  throw new Error('boom');
});
app.get('/data', (c) => c.json({ ok: true }));
app.get('/script.js', (c) => c.body('1', 200, { 'content-type': 'text/javascript; charset=utf-8' }));
app.get('/font.woff2', (c) => c.body('1', 200, { 'content-type': 'font/woff2' }));
app.get('/data-of-its-own', (c) =>
  c.json({ ok: true }, 200, { 'content-security-policy': "default-src 'none'; sandbox" }),
);
app.onError((_error, c) => c.json({ error: 'failed' }, 500));

const PAGE_ONLY = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function expectEveryAnswersHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
}

describe('security headers', () => {
  it.each(['/page', '/picture.svg', '/feed', '/untyped', '/mistyped', '/nothing'])(
    'gives %s, which a browser may open as a page, the whole set',
    async (path) => {
      const response = await app.request(path);
      expectEveryAnswersHeaders(response);
      const csp = response.headers.get('content-security-policy');
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    },
  );

  it.each(['/data', '/broken', '/script.js', '/font.woff2'])(
    'gives %s, which no browser runs as a page, what protects a file and none of the page policies',
    async (path) => {
      const response = await app.request(path);
      expectEveryAnswersHeaders(response);
      for (const header of PAGE_ONLY) expect(response.headers.get(header), header).toBeNull();
    },
  );

  it('keeps a policy the route set itself', async () => {
    const response = await app.request('/data-of-its-own');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('lets another origin show our pictures: no Cross-Origin-Resource-Policy', async () => {
    expect((await app.request('/page')).headers.get('cross-origin-resource-policy')).toBeNull();
    expect((await app.request('/data')).headers.get('cross-origin-resource-policy')).toBeNull();
  });
});
