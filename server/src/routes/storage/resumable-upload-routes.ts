/**
 * Resumable uploads (TUS 1.0) at Supabase Storage's address, `/storage/v1/upload/resumable`, so the same
 * client (tus-js-client) uploads a lesson's video to either back end: `Upload-Metadata` names the
 * `bucketName` and `objectName`, `x-upsert: true` allows replacing, the session's token is in `authorization`.
 * Every request (creation, offset check, each chunk, cancel) is an owner's. The chunks are kept in the
 * uploads folder, outside any bucket, until the last one: then the whole file takes its place in the bucket
 * in one step. An upload left unfinished for a day is deleted.
 */
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { type Context, Hono } from 'hono';
import { access, link } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { CallerResolver } from '../../http/caller.ts';
import type { Database } from '../../db/database.ts';
import {
  UPLOAD_LIMITS,
  VIDEO_BUCKETS,
  contentRefusal,
  headOf,
  mayWriteObjects,
  placeObject,
} from './bucket-writes.ts';
import { resolveUploadPath } from './resolve-object-path.ts';
import { requestCaller, storageError } from './storage-request.ts';

/** Where supabase-js and tus-js-client callers find Storage's TUS endpoint (the upload URLs are below it). */
const ENDPOINT = '/storage/v1/upload/resumable';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often, at most, a new upload first deletes the unfinished ones older than a day. */
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

const uploadMetadata = z.object({
  bucketName: z.string(),
  objectName: z.string().min(1),
  contentType: z.string().nullish(),
  cacheControl: z.string().nullish(),
  upsert: z.enum(['true', 'false']).nullish(),
});

function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** TUS's refusal: the hooks throw it, the library answers it. */
function refusal(status_code: number, body: string) {
  return { status_code, body: `${body}\n` };
}

export interface ResumableUploadSettings {
  /** Where unfinished uploads are kept: under DATA_DIR, outside every bucket. */
  folder: string;
  /** The largest file one resumable upload may carry into a bucket of videos, `course` or `teaser` (UPLOAD_MAX_MB). */
  maxBytes: number;
}

interface ResumableUploadDeps {
  storageFolder: string;
  uploads: ResumableUploadSettings;
  callers: CallerResolver;
  db: Database;
}

/** The file an upload's metadata names in its bucket, or TUS's refusal for a bucket or key it may not name. */
async function targetOf(storageFolder: string, upload: Upload) {
  const metadata = uploadMetadata.safeParse(upload.metadata ?? {});
  if (!metadata.success) throw refusal(400, 'Upload-Metadata must name the bucketName and objectName');
  const { bucketName, objectName } = metadata.data;
  if (!UPLOAD_LIMITS.has(bucketName)) throw refusal(404, 'Bucket not found');
  const rawKey = objectName.split('/').map(encodeURIComponent).join('/');
  const target = await resolveUploadPath(path.join(storageFolder, bucketName), rawKey);
  if (target === 'invalid') throw refusal(400, 'Invalid key');
  return { ...target, bucketName, upsert: metadata.data.upsert === 'true' };
}

export function resumableUploadRoutes({ storageFolder, uploads, callers, db }: ResumableUploadDeps): Hono {
  const store = new FileStore({ directory: uploads.folder, expirationPeriodInMilliseconds: DAY_MS });
  /** The largest upload each bucket takes: a guide's picture stays a picture, a video up to the setting. */
  const maxBytesOf = (bucket: string) =>
    VIDEO_BUCKETS.has(bucket) ? uploads.maxBytes : (UPLOAD_LIMITS.get(bucket) ?? 0);
  let lastCleanUp = 0;
  /** The uploads a request finished, removed from the upload folder once that request has its answer. */
  const answeredThenRemoved = new WeakMap<Request, string[]>();

  const tus = new Server({
    path: ENDPOINT,
    datastore: store,
    maxSize: uploads.maxBytes,
    // The upload URL is the endpoint's own, whatever host or proxy the request came through.
    relativeLocation: true,
    // The app's CORS middleware answers for the site's origins; the library adds none of its own.
    allowedOrigins: () => false,
    async onUploadCreate(req, upload) {
      if (upload.size === undefined) throw refusal(400, 'Upload-Length is required');
      const target = await targetOf(storageFolder, upload);
      if (upload.size > maxBytesOf(target.bucketName)) {
        throw refusal(413, 'The object exceeded the maximum allowed size');
      }
      const upsert = req.headers.get('x-upsert') === 'true';
      // Refused before any byte is sent, as Storage does; checked again when the file takes its place.
      if (!upsert && (await exists(target.file))) throw refusal(409, 'The resource already exists');
      return { metadata: { ...upload.metadata, upsert: String(upsert) } };
    },
    async onUploadFinish(req, upload) {
      const target = await targetOf(storageFolder, upload);
      const source = upload.storage?.path ?? path.join(uploads.folder, upload.id);
      const refused = contentRefusal(target.bucketName, target.key, await headOf(source));
      if (refused) {
        answeredThenRemoved.set(req, [...(answeredThenRemoved.get(req) ?? []), upload.id]);
        throw refusal(415, refused);
      }
      // A second name for the bytes takes the object's place; the upload keeps its own until its request is
      // answered, because the library reads it once more for that answer (an upload finished by its creation).
      const placing = `${source}.placing`;
      await link(source, placing);
      const placed = await placeObject(placing, target.file, { upsert: target.upsert });
      answeredThenRemoved.set(req, [...(answeredThenRemoved.get(req) ?? []), upload.id]);
      if (placed === 'exists') throw refusal(409, 'The resource already exists');
      return {};
    },
  });

  async function handle(c: Context) {
    // Hono routes HEAD as GET: only the offset check (HEAD) is served, never an upload's bytes.
    if (c.req.raw.method === 'GET') return storageError(c, 404, 'not_found', 'Object not found');
    const caller = await requestCaller(c, callers);
    if (caller instanceof Response) return caller;
    if (!(await mayWriteObjects(db, caller))) {
      const status = caller.role === 'anon' ? 401 : 403;
      return storageError(c, status, 'Unauthorized', 'new row violates row-level security policy');
    }
    if (c.req.method === 'POST' && Date.now() - lastCleanUp > CLEAN_UP_EVERY_MS) {
      lastCleanUp = Date.now();
      await tus.cleanUpExpiredUploads();
    }
    const answer = await tus.handleWeb(c.req.raw);
    for (const id of answeredThenRemoved.get(c.req.raw) ?? []) await store.remove(id);
    return answer;
  }

  const routes = new Hono();
  routes.post('/upload/resumable', handle);
  routes.on(['GET', 'PATCH', 'DELETE'], '/upload/resumable/:id', handle);
  return routes;
}
