import type { MiddlewareHandler } from 'hono';

/**
 * The page runs its scripts only from its own origin: no inline script, no eval.
 * Guide images may be absolute https URLs (spec §3), so images may come from any https origin.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "media-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every answer carries: HTTPS from now on, and no guessing of content types. */
const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * What a document carries: the values Hono's `secureHeaders()` sent with our options (decision 0043). Most of
 * them act only where a browser renders the answer as a page, so JSON, scripts, fonts and images carry only
 * `EVERY_ANSWER` and stay about 650 bytes shorter (decision 0053).
 */
const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  ...EVERY_ANSWER,
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Types a browser may render as a document, scripts included: pages, and SVG opened on its own. */
const DOCUMENT_TYPES = /^(text\/html|image\/svg\+xml|application\/xhtml\+xml|text\/xml|application\/xml)\b/i;

function securityHeadersFor(contentType: string | null): Readonly<Record<string, string>> {
  return contentType === null || DOCUMENT_TYPES.test(contentType) ? DOCUMENT_HEADERS : EVERY_ANSWER;
}

/** A route's own headers merged with the security headers (which win), made once and reused for many answers. */
export function securedHeaders(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze({ ...headers, ...securityHeadersFor(headers['content-type'] ?? null) });
}

/**
 * A response that carries the security headers itself, for routes the middleware below does not run on (the
 * REST reads, decision 0057). Its headers are a plain object, which Node's adapter writes without building a
 * `Headers` object.
 */
export function securedResponse(
  body: string | null,
  status: number,
  /** From securedHeaders(). */
  headers: Readonly<Record<string, string>>,
): Response {
  return new Response(body, { status, headers });
}

/** Adds the security headers to every answer of the app it is used on, replacing a route's own. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(securityHeadersFor(headers.get('content-type'))))
    headers.set(name, value);
  headers.delete('x-powered-by');
};
