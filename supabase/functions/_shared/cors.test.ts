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

  it("allows a site on localhost under the machine's other loopback names, on its own port only", () => {
    // Without SITE_URL the server's site is http://localhost:PORT while it listens on every interface: another
    // port on the visitor's machine is another program, which may not read the API's answers.
    const policy = corsPolicyFor(['http://localhost:8080']);
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']) {
      expect(corsHeaders(policy, origin)['access-control-allow-origin'], origin).toBe(origin);
    }
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://localhost',
      'https://localhost:8080',
      'http://localhost.evil.example',
    ]) {
      expect(corsHeaders(policy, origin)['access-control-allow-origin'], origin).toBeUndefined();
    }
    expect(preflight(policy, 'http://localhost:5173').status).toBe(403);
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
    expect(
      corsHeaders(policy, 'https://lenses.example')['access-control-expose-headers']?.split(', '),
    ).toEqual(
      // Storage's resumable uploads: tus-js-client reads where to send the file and how much has arrived.
      expect.arrayContaining([
        'content-range',
        'content-profile',
        'x-supabase-api-version',
        'location',
        'upload-offset',
      ]),
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
