import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { type JwtKeys, JwtRejected } from '../../auth/jwt.ts';
import { parseRange } from '../../http/byte-range.ts';
import { type Caller, type CallerResolver, runAsCaller } from '../../http/caller.ts';
import { contentTypeOf } from '../../storage/content-types.ts';
import type { Database } from '../../db/database.ts';
import { resolveObjectPath } from './resolve-object-path.ts';
import { type ResumableUploadSettings, resumableUploadRoutes } from './resumable-upload-routes.ts';
import { requestCaller, storageError } from './storage-request.ts';
import { uploadRoutes } from './upload-routes.ts';

const PUBLIC_BUCKETS = new Set(['guides', 'teaser']);
/** Buckets whose objects are read only through signed URLs, made for the callers their policies let read. */
const PRIVATE_BUCKETS = new Set(['course']);
/**
 * Uploaded files are data, never a page: opened on their own (an SVG, say), nothing in them may run, load or
 * navigate. Inline styles stay, so a plain SVG still draws as it should.
 */
const USER_FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/**
 * A signed URL outlives neither a session's access token nor its sign-out by more than an hour: a longer
 * `expiresIn` is shortened to this (the app asks for an hour; supabase-js callers expect a URL, not a refusal).
 */
const MAX_SIGNED_SECONDS = 60 * 60;

const expiresIn = z
  .number()
  .int()
  .min(1)
  .transform((seconds) => Math.min(seconds, MAX_SIGNED_SECONDS));
const signRequest = z.object({ expiresIn });
/** `createSignedUrls`: several objects of one bucket at once. */
const signManyRequest = z.object({
  expiresIn,
  paths: z.array(z.string().min(1).max(1024)).min(1).max(100),
});
/** Storage's answer for an object of a batch that is missing or that the caller may not read: the same words. */
const NOT_READABLE = 'Either the object does not exist or you do not have access to it';
const signedToken = z.looseObject({ url: z.string(), exp: z.number() });

/** The still-encoded key after `/<bucket>/` in the request's raw URL (never parsed with its Host header). */
function rawKeyAfter(url: string, prefix: string): string {
  const rawPath = url.split('?', 1)[0] ?? '';
  const afterPrefix = rawPath.slice(rawPath.indexOf(prefix) + prefix.length);
  return afterPrefix.slice(afterPrefix.indexOf('/') + 1);
}

/** The bucket's file for a raw key, or Storage's answer when there is none (a bad key, a missing object). */
async function objectFile(c: Context, storageFolder: string, bucket: string, prefix: string) {
  const resolved = await resolveObjectPath(path.join(storageFolder, bucket), rawKeyAfter(c.req.url, prefix));
  if (resolved === 'invalid') return storageError(c, 400, 'InvalidKey', 'Invalid key');
  if (resolved === 'missing') return storageError(c, 404, 'not_found', 'Object not found');
  const stats = await stat(resolved.file);
  if (!stats.isFile()) return storageError(c, 404, 'not_found', 'Object not found');
  return { ...resolved, size: stats.size, mtimeMs: stats.mtimeMs };
}

function setUserFileHeaders(c: Context, file: string, etag: string, cacheControl: string) {
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  c.header('Content-Type', contentTypeOf(file));
  c.header('Content-Security-Policy', USER_FILE_POLICY);
  c.header('X-Content-Type-Options', 'nosniff');
}

interface StorageDeps {
  /** Folder holding one sub-folder per bucket; a private bucket's folder may not exist yet. */
  storageFolder: string;
  /** Signs and verifies the tokens of signed URLs, as Supabase Storage does with the project's JWT secret. */
  jwt: JwtKeys;
  callers: CallerResolver;
  /** Where the lessons are: a caller may sign only the course files the bucket's policies let them read. */
  db: Database;
  uploads: ResumableUploadSettings;
}

/**
 * The files anyone may read (the view `course_files_for_anyone`): the published preview lessons' video, captions,
 * poster and every file of their stream's folder (its playlist's path less the file name: the API roles may not run
 * public.stream_folder), and the first poster. `key` is each object's path, one row per path asked about.
 */
const PUBLIC_FILE = `exists (select 1 from public.course_files_for_anyone
  where key in (poster_path, video_path, captions_path) or starts_with(key, left(stream_path, -length('master.m3u8'))))`;
const LESSON_FILE = `exists (select 1 from public.lessons
  where key in (video_path, captions_path, poster_path) or starts_with(key, left(stream_path, -length('master.m3u8'))))`;
/** anon may not name public.lessons at all: that statement would be refused, not answered false. */
const READABLE_AS = {
  anon: PUBLIC_FILE,
  authenticated: `${PUBLIC_FILE} or ${LESSON_FILE} or public.is_owner()`,
};

/**
 * The embedded stand-in for the storage policies of the bucket `course`, run as the caller: anyone may read the
 * files the view `course_files_for_anyone` names, the preview lessons' and the first poster ("Visitors read the
 * preview lessons' files and the first poster"), and a signed-in learner the files that the lessons they can
 * see under row-level security name ("Signed-in learners read the files of published lessons"), and an owner
 * every file, a draft's too, to preview it as a learner would see it ("Owners read every course file").
 * Answers which of `keys` the caller may read, all judged in one statement: a playlist's files are signed
 * together, and a transaction for each would cost the database a round of its own per segment.
 */
async function readableCourseFiles(db: Database, caller: Caller, keys: string[]): Promise<Set<string>> {
  if (caller.role === 'service_role' || keys.length === 0) return new Set(keys);
  const statement = `select key from unnest($1::text[]) as key where ${READABLE_AS[caller.role]}`;
  const rows = await runAsCaller(db, caller, (tx) => tx.query<{ key: string }>(statement, [keys]));
  return new Set(rows.map((row) => row.key));
}

/**
 * An object's file, streamed whole or as the byte range asked for (so a video seeks), under an ETag made from its
 * size and time; HEAD gets the headers only, as no file is opened for a body nobody reads.
 */
function sendFile(c: Context, found: { file: string; size: number; mtimeMs: number }, cacheControl: string) {
  const etag = `"${found.size.toString(36)}-${Math.floor(found.mtimeMs).toString(36)}"`;
  setUserFileHeaders(c, found.file, etag, cacheControl);
  c.header('Accept-Ranges', 'bytes');
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);

  const ifRange = c.req.header('if-range');
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(c.req.header('range'), found.size) : null;
  if (range === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${found.size}`);
    return storageError(c, 416, 'InvalidRange', 'invalid range provided');
  }
  const { start, end } = range ?? { start: 0, end: found.size - 1 };
  const status = range ? 206 : 200;
  if (range) c.header('Content-Range', `bytes ${start}-${end}/${found.size}`);
  c.header('Content-Length', String(end - start + 1));
  if (c.req.method === 'HEAD' || found.size === 0) return c.body(null, status);
  const stream = Readable.toWeb(createReadStream(found.file, { start, end }));
  return c.body(stream, status);
}

/**
 * The local buckets at the URLs supabase-js builds: public objects (the teaser's video too) at `getPublicUrl`'s
 * address, and the private `course` bucket through `createSignedUrl`, `createSignedUrls` and the signed GET. No
 * unsigned URL serves a private object.
 */
export function storageRoutes({ storageFolder, jwt, callers, db, uploads }: StorageDeps): Hono {
  const routes = new Hono();

  routes.get('/object/public/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    if (!PUBLIC_BUCKETS.has(bucket)) return storageError(c, 404, 'Bucket not found', 'Bucket not found');
    const found = await objectFile(c, storageFolder, bucket, '/object/public/');
    if (found instanceof Response) return found;
    return sendFile(c, found, 'public, max-age=3600');
  });

  const signBodyLimit = bodyLimit({
    maxSize: 4 * 1024,
    onError: (c) => storageError(c, 413, 'Payload too large', 'The request body must be at most 4 KB.'),
  });

  const callerOf = (c: Context) => requestCaller(c, callers);

  /** The signed URL's path and query for an object, as Storage returns it in `signedURL`. */
  async function signedPath(bucket: string, key: string, seconds: number) {
    const url = `${bucket}/${key}`;
    return `/object/sign/${url}?token=${await jwt.signPayload({ url }, seconds)}`;
  }

  // Registered before the single-object route, whose wildcard would otherwise take the bare bucket's path.
  routes.post('/object/sign/:bucket', signBodyLimit, async (c) => {
    const bucket = c.req.param('bucket');
    if (!PRIVATE_BUCKETS.has(bucket)) return storageError(c, 404, 'Bucket not found', 'Bucket not found');
    const caller = await callerOf(c);
    if (caller instanceof Response) return caller;
    const body = signManyRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) {
      return storageError(
        c,
        400,
        'InvalidParameter',
        'expiresIn must be a whole number of seconds ≥ 1 and paths a list of 1 to 100 object names',
      );
    }
    const bucketFolder = path.join(storageFolder, bucket);
    const files = await Promise.all(
      body.data.paths.map(async (objectPath) => {
        const rawKey = objectPath.split('/').map(encodeURIComponent).join('/');
        const resolved = await resolveObjectPath(bucketFolder, rawKey);
        return typeof resolved === 'object' && (await stat(resolved.file)).isFile()
          ? resolved.key
          : undefined;
      }),
    );
    const readable = await readableCourseFiles(
      db,
      caller,
      files.filter((key) => key !== undefined),
    );
    const signed = [];
    for (const [index, objectPath] of body.data.paths.entries()) {
      const key = files[index];
      signed.push(
        key !== undefined && readable.has(key)
          ? { error: null, path: objectPath, signedURL: await signedPath(bucket, key, body.data.expiresIn) }
          : { error: NOT_READABLE, path: objectPath, signedURL: null },
      );
    }
    return c.json(signed);
  });

  routes.post('/object/sign/:bucket/*', signBodyLimit, async (c) => {
    const bucket = c.req.param('bucket');
    if (!PRIVATE_BUCKETS.has(bucket)) return storageError(c, 404, 'Bucket not found', 'Bucket not found');
    const caller = await callerOf(c);
    if (caller instanceof Response) return caller;
    const body = signRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) {
      return storageError(c, 400, 'InvalidParameter', 'expiresIn must be a whole number of seconds ≥ 1');
    }
    const found = await objectFile(c, storageFolder, bucket, '/object/sign/');
    if (found instanceof Response) return found;
    // To anyone the policy does not let read the object it is invisible, as row-level security makes it on
    // Supabase Storage: the answer is the missing object's.
    if (!(await readableCourseFiles(db, caller, [found.key])).has(found.key))
      return storageError(c, 404, 'not_found', 'Object not found');
    return c.json({ signedURL: await signedPath(bucket, found.key, body.data.expiresIn) });
  });

  routes.get('/object/sign/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    if (!PRIVATE_BUCKETS.has(bucket)) return storageError(c, 404, 'Bucket not found', 'Bucket not found');
    const token = c.req.query('token');
    if (!token) return storageError(c, 400, 'InvalidJWT', "querystring must have required property 'token'");
    let claims: z.infer<typeof signedToken>;
    try {
      const parsed = signedToken.safeParse(await jwt.verify(token));
      if (!parsed.success) return storageError(c, 400, 'InvalidJWT', 'Invalid JWT');
      claims = parsed.data;
    } catch (error) {
      if (error instanceof JwtRejected) return storageError(c, 400, 'InvalidJWT', error.message);
      throw error;
    }
    const found = await objectFile(c, storageFolder, bucket, '/object/sign/');
    if (found instanceof Response) return found;
    if (claims.url !== `${bucket}/${found.key}`) {
      return storageError(c, 400, 'InvalidSignature', 'The url do not match the signature');
    }
    // A browser may keep the file only while its URL is valid, and only for itself.
    const secondsLeft = Math.max(0, claims.exp - Math.floor(Date.now() / 1000));
    return sendFile(c, found, `private, max-age=${secondsLeft}`);
  });

  routes.route('/', uploadRoutes({ storageFolder, callers, db }));
  routes.route('/', resumableUploadRoutes({ storageFolder, uploads, callers, db }));
  routes.all('/*', (c) => storageError(c, 404, 'not_found', 'Object not found'));
  // A signer whose session ended between the token's check and the policy's (runAsCaller) is refused as a bad token.
  routes.onError((error, c) => {
    if (error instanceof JwtRejected) return storageError(c, 401, 'InvalidJWT', error.message);
    throw error;
  });
  return routes;
}
