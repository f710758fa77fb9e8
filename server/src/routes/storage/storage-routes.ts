import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { contentTypeOf } from '../../content-types.ts';
import { resolveObjectPath } from './resolve-object-path.ts';

const PUBLIC_BUCKETS = new Set(['guides']);
/**
 * Uploaded files are data, never a page: opened on their own (an SVG, say), nothing in them may run, load or
 * navigate. Inline styles stay, so a plain SVG still draws as it should.
 */
const USER_FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const PREFIX = '/storage/v1/object/public/';

function storageError(status: 400 | 404, error: string, message: string) {
  return { statusCode: String(status), error, message };
}

/** Public objects of the local buckets, at the URLs supabase-js's `getPublicUrl` builds. */
export function storageRoutes(storageFolder: string): Hono {
  const routes = new Hono();
  routes.get('/object/public/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    if (!PUBLIC_BUCKETS.has(bucket))
      return c.json(storageError(404, 'Bucket not found', 'Bucket not found'), 404);
    // The raw URL, not new URL(): a client's junk Host header must not fail the request, and the key is
    // resolved segment by segment below anyway.
    const rawPath = c.req.url.split('?', 1)[0] ?? '';
    const rawKey = rawPath.slice(rawPath.indexOf(PREFIX) + PREFIX.length + bucket.length + 1);
    const resolved = await resolveObjectPath(path.join(storageFolder, bucket), rawKey);
    if (resolved === 'invalid') return c.json(storageError(400, 'InvalidKey', 'Invalid key'), 400);
    if (resolved === 'missing' || !(await stat(resolved.file)).isFile()) {
      return c.json(storageError(404, 'not_found', 'Object not found'), 404);
    }
    const { file } = resolved;

    const content = await readFile(file);
    const etag = `"${createHash('sha1').update(content).digest('base64url')}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Content-Type', contentTypeOf(file));
    c.header('Content-Security-Policy', USER_FILE_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Length', String(content.byteLength));
    return c.body(new Uint8Array(content));
  });
  routes.all('/*', (c) => c.json(storageError(404, 'not_found', 'Object not found'), 404));
  return routes;
}
