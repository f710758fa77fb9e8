import { secureHeaders } from 'hono/secure-headers';

/**
 * Hono's secure headers on every answer. The page runs scripts only from its own origin (no inline script,
 * no eval); a guide's image may be a full https address rather than a file in our bucket, so
 * images may come from any https origin.
 * No Cross-Origin-Resource-Policy: a site hosted elsewhere may show this server's guide pictures. A header a
 * route already set is kept: storage answers set a stricter policy of their own.
 */
export const securityHeaders = secureHeaders({
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
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  overwrite: false,
});
