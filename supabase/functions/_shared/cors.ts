/**
 * CORS as hosted Supabase answers it on every route, limited to the site's origins (SITE_URL's, or without it
 * the server's own), never `*`. The edge function and the embedded server's middleware both answer with it.
 */

/** Every header supabase-js sends (PostgREST, Storage, Auth and Functions clients). */
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'accept-profile',
  'content-profile',
  'content-type',
  'prefer',
  'range',
  'x-retry-count',
  'x-region',
  'x-supabase-api-version',
  'x-upsert',
  // Storage's resumable uploads (TUS 1.0), as tus-js-client sends them.
  'tus-resumable',
  'upload-length',
  'upload-metadata',
  'upload-offset',
  'upload-defer-length',
  'upload-concat',
].join(', ');

/**
 * Response headers supabase-js and tus-js-client read: a cross-origin page sees only these besides the simple
 * ones.
 */
const EXPOSED_HEADERS = [
  'content-range',
  'content-profile',
  'x-supabase-api-version',
  'location',
  'tus-resumable',
  'tus-version',
  'tus-max-size',
  'tus-extension',
  'upload-offset',
  'upload-length',
  'upload-metadata',
  'upload-defer-length',
  'upload-concat',
  'upload-expires',
].join(', ');

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** One machine's own names: a site on one of them is the same site on the others, on the same port. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export interface CorsPolicy {
  /** Exact origins, e.g. https://threelenses.example; no pattern, no wildcard, no "any localhost port". */
  origins: readonly string[];
}

/**
 * The policy for a site address list: its origins, each loopback one under the machine's other loopback names
 * too (http://localhost:8080 is also http://127.0.0.1:8080). Another port on localhost is another origin: any
 * program on the visitor's machine may listen there.
 */
export function corsPolicyFor(siteUrls: readonly string[]): CorsPolicy {
  const origins = new Set<string>();
  for (const siteUrl of siteUrls) {
    const url = new URL(siteUrl);
    origins.add(url.origin);
    if (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname)) {
      for (const host of LOOPBACK_HOSTS)
        origins.add(new URL(`http://${host}${url.port ? `:${url.port}` : ''}`).origin);
    }
  }
  return { origins: [...origins] };
}

export function isAllowedOrigin(policy: CorsPolicy, origin: string): boolean {
  return policy.origins.includes(origin);
}

/** Headers for a response to a request from `origin` (only `Vary` for a foreign or absent origin). */
export function corsHeaders(policy: CorsPolicy, origin: string | null): Record<string, string> {
  if (!origin || !isAllowedOrigin(policy, origin)) return { vary: 'Origin' };
  return {
    vary: 'Origin',
    'access-control-allow-origin': origin,
    'access-control-expose-headers': EXPOSED_HEADERS,
  };
}

/** The answer to an OPTIONS preflight, made without any other work. */
export function preflight(policy: CorsPolicy, origin: string | null): Response {
  if (!origin || !isAllowedOrigin(policy, origin)) {
    return Response.json(
      { error: 'This origin may not call this API.' },
      { status: 403, headers: { vary: 'Origin' } },
    );
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(policy, origin),
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '86400',
    },
  });
}
