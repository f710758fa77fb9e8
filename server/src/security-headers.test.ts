import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securedHeaders, securityHeaders } from './security-headers.ts';

const app = new Hono();
app.use(securityHeaders);
app.get('/page', (c) => c.html('<h1>Hello</h1>'));
app.get('/icon.svg', (c) =>
  c.body('<svg xmlns="http://www.w3.org/2000/svg"/>', 200, { 'content-type': 'image/svg+xml' }),
);
app.get('/data', (c) => c.json({ ok: true }));
app.get('/font.woff2', (c) => c.body('font', 200, { 'content-type': 'font/woff2' }));
app.get('/nothing', (c) => c.body(null, 204));

const DOCUMENT_ONLY = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
];

describe('security headers', () => {
  it.each(['/page', '/icon.svg', '/nothing'])(
    'gives %s, which a browser may render as a page, the full set',
    async (path) => {
      const response = await app.request(path);
      for (const name of DOCUMENT_ONLY) expect(response.headers.get(name), name).toBeTruthy();
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    },
  );

  it.each(['/data', '/font.woff2'])(
    'gives %s only what acts outside a page: nosniff and HSTS',
    async (path) => {
      const response = await app.request(path);
      for (const name of DOCUMENT_ONLY) expect(response.headers.get(name), name).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    },
  );

  it('chooses by content type for prebuilt headers too, and the security values win', () => {
    const json = securedHeaders({ 'content-type': 'application/json', 'x-content-type-options': 'sniff' });
    expect(json['x-content-type-options']).toBe('nosniff');
    expect(json['content-security-policy']).toBeUndefined();
    expect(
      securedHeaders({ 'content-type': 'text/html; charset=utf-8' })['content-security-policy'],
    ).toBeTruthy();
  });
});
