/**
 * Plain uploads as supabase-js sends them (`upload` → POST, `update` → PUT `/object/<bucket>/<key>`): a
 * multipart form whose file is the one file field (a Blob or File), or the raw bytes. Owners only; each bucket
 * has its size limit; an object is never replaced without `x-upsert: true` (PUT always replaces).
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import type { CallerResolver } from '../../http/caller.ts';
import type { Database } from '../../db/database.ts';
import {
  UPLOAD_LIMITS,
  contentRefusal,
  draftPathFor,
  mayWriteObjects,
  placeObject,
} from './bucket-writes.ts';
import { resolveUploadPath } from './resolve-object-path.ts';
import { requestCaller, storageError } from './storage-request.ts';

/** A multipart form's boundaries and its `cacheControl` field around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

interface UploadDeps {
  storageFolder: string;
  callers: CallerResolver;
  db: Database;
}

/** The body's bytes, or 'too large' once more than `maxBytes` have come (the rest is never read). */
async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array | 'too large'> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return 'too large';
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      received += chunk.byteLength;
      if (received > maxBytes) return 'too large';
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks, received);
}

/** The uploaded file's bytes: the one file of a multipart form, or the raw body. */
async function fileBytes(body: Uint8Array, contentType: string): Promise<Uint8Array | undefined> {
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return body;
  const form = await new Response(body, { headers: { 'content-type': contentType } })
    .formData()
    .catch(() => undefined);
  const file = [...(form?.values() ?? [])].find((value) => value instanceof File);
  return file instanceof File ? new Uint8Array(await file.arrayBuffer()) : undefined;
}

/** The raw key after `/object/<bucket>/` in the request's still-encoded URL. */
function rawKeyOf(url: string, bucket: string): string {
  const rawPath = url.split('?', 1)[0] ?? '';
  const prefix = `/object/${bucket}/`;
  return rawPath.slice(rawPath.indexOf(prefix) + prefix.length);
}

export function uploadRoutes({ storageFolder, callers, db }: UploadDeps): Hono {
  const routes = new Hono();

  async function upload(c: Context, upsert: boolean) {
    const bucket = c.req.param('bucket') ?? '';
    const limit = UPLOAD_LIMITS.get(bucket);
    if (limit === undefined) return storageError(c, 404, 'Bucket not found', 'Bucket not found');
    const caller = await requestCaller(c, callers);
    if (caller instanceof Response) return caller;
    if (!(await mayWriteObjects(db, caller))) {
      const status = caller.role === 'anon' ? 401 : 403;
      return storageError(c, status, 'Unauthorized', 'new row violates row-level security policy');
    }
    const contentType = c.req.header('content-type') ?? 'application/octet-stream';
    const tooLarge = () =>
      storageError(c, 413, 'Payload too large', 'The object exceeded the maximum allowed size');
    const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
    const body = await readAtMost(c.req.raw, limit + (multipart ? FORM_OVERHEAD_BYTES : 0));
    if (body === 'too large') return tooLarge();
    const bytes = await fileBytes(body, contentType);
    if (!bytes) return storageError(c, 400, 'InvalidRequest', 'The form has no file to upload.');
    if (bytes.byteLength > limit) return tooLarge();

    const target = await resolveUploadPath(path.join(storageFolder, bucket), rawKeyOf(c.req.url, bucket));
    if (target === 'invalid') return storageError(c, 400, 'InvalidKey', 'Invalid key');
    const refused = contentRefusal(bucket, target.key, { size: bytes.byteLength, head: bytes });
    if (refused) return storageError(c, 415, 'invalid_mime_type', refused);
    const draft = draftPathFor(target.file);
    try {
      await writeFile(draft, bytes, { mode: 0o600 });
      const placed = await placeObject(draft, target.file, { upsert });
      if (placed === 'exists') return storageError(c, 409, 'Duplicate', 'The resource already exists');
    } finally {
      await rm(draft, { force: true });
    }
    return c.json({ Key: `${bucket}/${target.key}`, Id: randomUUID() });
  }

  routes.post('/object/:bucket/*', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  routes.put('/object/:bucket/*', (c) => upload(c, true));
  return routes;
}
