import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

const app = new Hono();
app.use(securityHeaders);
app.get('/page', (c) => c.html('<h1>Hello</h1>'));
app.get('/data', (c) => c.json({ ok: true }));
app.get('/nothing', (c) => c.body(null, 204));
app.get('/broken', () => {
  throw new Error('boom');
});
app.onError((_error, c) => c.json({ error: 'failed' }, 500));

describe('security headers', () => {
  it.each(['/page', '/data', '/nothing', '/broken'])('gives %s the whole set', async (path) => {
    const response = await app.request(path);
    const csp = response.headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('lets another origin show our pictures: no Cross-Origin-Resource-Policy', async () => {
    expect((await app.request('/page')).headers.get('cross-origin-resource-policy')).toBeNull();
  });
});
