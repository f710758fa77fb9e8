import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { MIMEType } from 'node:util';

const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Hono's secure headers for an answer a browser may open as a page of this origin. The page runs scripts only
 * from its own origin (no inline script, no eval); a guide's image may be a full https address rather than a file
 * in our bucket, so images may come from any https origin.
 * No Cross-Origin-Resource-Policy: a site hosted elsewhere may show this server's guide pictures. A header a
 * route already set is kept: storage answers set a stricter policy of their own.
 */
const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // blob: is a picture picked on this device and shown before it is uploaded (the studio's posters, guides).
    imgSrc: ["'self'", 'data:', 'https:', 'blob:'],
    fontSrc: ["'self'"],
    // blob: is the address hls.js gives a lesson's adaptive stream (a MediaSource made on the page).
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  crossOriginResourcePolicy: false,
  referrerPolicy: REFERRER_POLICY,
  xFrameOptions: 'DENY',
  overwrite: false,
});

/**
 * What protects an answer no browser runs as a page (a script, a font, a picture, JSON, a lesson's video): it is
 * never sniffed into another type, the scripts it is keep the referrer policy, and HTTPS stays the only way in.
 * The page's policies (CSP, framing, opener) govern documents only; on each of these answers they would be about
 * 700 bytes more for a slow phone to download, two dozen times over before a lesson plays.
 */
const fileHeaders = secureHeaders({
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: REFERRER_POLICY,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  overwrite: false,
});

/** Types a browser renders as a document that may run script: HTML, and XML with its SVG and XHTML. */
const PAGE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
]);

/** Whether a browser may open an answer of this type as a page; an answer without a (valid) type is treated as one. */
function opensAsPage(contentType: string | null): boolean {
  if (contentType === null) return true;
  try {
    return PAGE_TYPES.has(new MIMEType(contentType).essence);
  } catch {
    return true;
  }
}

/** Every answer's security headers, chosen by what it is once it is made: a page's whole set, or a file's. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = opensAsPage(c.res.headers.get('content-type')) ? pageHeaders : fileHeaders;
  await headers(c, () => Promise.resolve());
};
