import { describe, expect, it } from 'vitest';
import { corsHeaders, corsPolicyFor, preflight } from './cors.ts';

describe('send-email CORS', () => {
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
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
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
      ]),
    );
  });
});
