/** CORS for send-email: the configured site origins (and localhost while developing), never `*`. */

/** Every header supabase-js may send with functions.invoke (and its other clients). */
const ALLOWED_HEADERS =
  'apikey, authorization, x-client-info, accept-profile, content-profile, content-type, prefer, x-retry-count, x-region';

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

function isAllowedOrigin(policy: CorsPolicy, origin: string): boolean {
  return policy.origins.includes(origin) || (policy.allowLocalhost && LOCALHOST.test(origin));
}

/** Headers for a response to a request from `origin` (none for a foreign or absent origin). */
export function corsHeaders(policy: CorsPolicy, origin: string | null): Record<string, string> {
  const headers: Record<string, string> = { vary: 'Origin' };
  if (origin && isAllowedOrigin(policy, origin)) headers['access-control-allow-origin'] = origin;
  return headers;
}

/** The answer to an OPTIONS preflight. */
export function preflight(policy: CorsPolicy, origin: string | null): Response {
  if (!origin || !isAllowedOrigin(policy, origin)) {
    return Response.json(
      { error: 'This origin may not call send-email.' },
      { status: 403, headers: { vary: 'Origin' } },
    );
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(policy, origin),
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '86400',
    },
  });
}
