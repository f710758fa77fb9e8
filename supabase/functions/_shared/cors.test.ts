import { describe, expect, it } from 'vitest';
import { corsHeaders, corsPolicyFor, preflight } from './cors.ts';

describe('CORS of the Supabase routes', () => {
  it('echoes only the site origins, never *', () => {
    const policy = corsPolicyFor(['https://lenses.example/', 'https://www.lenses.example']);
    expect(corsHeaders(policy, 'https://www.lenses.example')['access-control-allow-origin']).toBe(
      'https://www.lenses.example',
    );
    expect(corsHeaders(policy, 'https://evil.example')['access-control-allow-origin']).toBeUndefined();
    expect(corsHeaders(policy, 'http://localhost:5173')['access-control-allow-origin']).toBeUndefined();
    expect(corsHeaders(policy, null)).toEqual({ vary: 'Origin' });
  });

  it('allows any localhost port while the site itself runs on localhost', () => {
    const policy = corsPolicyFor(['http://localhost:8080']);
    expect(corsHeaders(policy, 'http://localhost:5173')['access-control-allow-origin']).toBe(
      'http://localhost:5173',
    );
    expect(corsHeaders(policy, 'http://127.0.0.1:3000')['access-control-allow-origin']).toBe(
      'http://127.0.0.1:3000',
    );
    expect(
      corsHeaders(policy, 'http://localhost.evil.example')['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('answers a preflight with the methods and every header supabase-js sends', () => {
    const response = preflight(corsPolicyFor(['https://lenses.example']), 'https://lenses.example');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe(
      'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    );
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining([
        'apikey',
        'authorization',
        'x-client-info',
        'accept-profile',
        'content-type',
        'prefer',
        'x-retry-count',
        'content-profile',
        'x-supabase-api-version',
      ]),
    );
  });

  it('exposes the response headers supabase-js reads, to allowed origins only', () => {
    const policy = corsPolicyFor(['https://lenses.example']);
    expect(corsHeaders(policy, 'https://lenses.example')['access-control-expose-headers']).toBe(
      'content-range, content-profile, x-supabase-api-version',
    );
    expect(corsHeaders(policy, 'https://evil.example')).toEqual({ vary: 'Origin' });
  });

  it('refuses a preflight from a foreign or absent origin, without CORS headers', async () => {
    const policy = corsPolicyFor(['https://lenses.example']);
    for (const origin of ['https://evil.example', null]) {
      const response = preflight(policy, origin);
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({ error: 'This origin may not call this API.' });
    }
  });
});
