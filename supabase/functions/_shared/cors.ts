/**
 * CORS as hosted Supabase answers it on every route, limited to the configured site origins (and localhost
 * while developing), never `*`. The edge function and the embedded server's middleware both answer with it.
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
].join(', ');

/** Response headers supabase-js reads: a cross-origin page sees only these besides the simple ones. */
const EXPOSED_HEADERS = 'content-range, content-profile, x-supabase-api-version';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

const LOCALHOST = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export interface CorsPolicy {
  /** Exact origins, e.g. https://threelenses.example. */
  origins: readonly string[];
  /** Any http://localhost:<port> too: on while the site itself runs on localhost. */
  allowLocalhost: boolean;
}

/** The policy for a site address list: its origins, plus localhost when one of them is localhost. */
export function corsPolicyFor(siteUrls: readonly string[]): CorsPolicy {
  const origins = siteUrls.map((url) => new URL(url).origin);
  return { origins, allowLocalhost: origins.some((origin) => LOCALHOST.test(origin)) };
}

export function isAllowedOrigin(policy: CorsPolicy, origin: string): boolean {
  return policy.origins.includes(origin) || (policy.allowLocalhost && LOCALHOST.test(origin));
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
