/**
 * What the embedded storage routes share for writing objects: which buckets take uploads and how large, who
 * may write (the owners, as the hosted policies "Owners add/replace … files" decide), and how a finished file
 * takes its place in its bucket without ever being seen half-written.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, link, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Caller, runAsCaller } from '../../http/caller.ts';
import type { Database } from '../../db/database.ts';
import { checkPicture, PICTURE_HEAD_BYTES, type PictureExtension } from '../../../../src/lib/guide-rules.ts';
import { sniffTeaserFile, type TeaserFileExtension } from '../../../../src/lib/teaser-rules.ts';

const MB = 1024 * 1024;

/**
 * The buckets an owner uploads into, with the largest file a plain upload (one request) may carry: the guides'
 * pictures, the course's small files (posters, captions) and the teaser's captions. Videos go through the
 * resumable endpoint, up to UPLOAD_MAX_MB.
 */
export const UPLOAD_LIMITS: ReadonlyMap<string, number> = new Map([
  ['guides', 5 * MB],
  ['course', 20 * MB],
  ['teaser', 20 * MB],
]);

/** The buckets whose files a resumable upload may carry up to UPLOAD_MAX_MB: those that take videos. */
export const VIDEO_BUCKETS: ReadonlySet<string> = new Set(['course', 'teaser']);

const PICTURE_NAMES: Record<PictureExtension, { label: string; endings: readonly string[] }> = {
  jpg: { label: 'JPEG', endings: ['.jpg', '.jpeg'] },
  png: { label: 'PNG', endings: ['.png'] },
  webp: { label: 'WebP', endings: ['.webp'] },
  avif: { label: 'AVIF', endings: ['.avif'] },
};

const PICTURE_REFUSALS = {
  'too-big': 'A guide’s picture is at most 5 MB.',
  heic: 'An iPhone HEIC photo is not accepted, as browsers cannot show it: upload a JPEG, PNG, WebP or AVIF picture.',
  svg: 'SVG pictures are not accepted, as they can carry scripts: upload a JPEG, PNG, WebP or AVIF picture.',
  'not-a-picture':
    'This file is not a JPEG, PNG, WebP or AVIF picture, the only kinds the guides bucket takes.',
} as const;

const TEASER_NAMES: Record<TeaserFileExtension, { label: string; ending: string }> = {
  mp4: { label: 'an MP4 video', ending: '.mp4' },
  webm: { label: 'a WebM video', ending: '.webm' },
  vtt: { label: 'WebVTT captions', ending: '.vtt' },
};

/**
 * Why a file may not take this key in the bucket, or undefined when it may. The public buckets serve their files
 * to anyone, typed by their names, so each takes only what the landing page shows, recognised by its bytes and
 * named as what it is: `guides` the pictures (by the rules the studio and the owner's tool use), `teaser` the
 * teaser's video and captions. An SVG or a page of HTML never goes in, whatever type the upload names.
 */
export function contentRefusal(
  bucket: string,
  key: string,
  file: { size: number; head: Uint8Array },
): string | undefined {
  if (bucket === 'teaser') return teaserRefusal(key, file.head);
  if (bucket !== 'guides') return undefined;
  const verdict = checkPicture(file);
  if (!verdict.ok) return PICTURE_REFUSALS[verdict.reason];
  const { label, endings } = PICTURE_NAMES[verdict.extension];
  const named = endings.includes(path.extname(key).toLowerCase());
  return named ? undefined : `This is a ${label} picture: a ${label} picture's name ends in ${endings[0]}.`;
}

function teaserRefusal(key: string, head: Uint8Array): string | undefined {
  const kind = sniffTeaserFile(head);
  if (kind === undefined)
    return 'This file is not an MP4 or WebM video or WebVTT captions, the only kinds the teaser bucket takes.';
  const { label, ending } = TEASER_NAMES[kind];
  return path.extname(key).toLowerCase() === ending
    ? undefined
    : `This is ${label}: its name ends in ${ending}.`;
}

/** A finished upload's size and first bytes, as much as `contentRefusal` reads. */
export async function headOf(file: string): Promise<{ size: number; head: Uint8Array }> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(PICTURE_HEAD_BYTES),
      0,
      PICTURE_HEAD_BYTES,
      0,
    );
    return { size, head: buffer.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}

/**
 * Whether the caller may write objects: an owner (`public.is_owner()` run as the caller, so the database alone
 * decides), or the service role, which Storage's policies never limit. A visitor is never an owner, and may not
 * even call the check.
 */
export function mayWriteObjects(db: Database, caller: Caller): Promise<boolean> {
  if (caller.role === 'service_role') return Promise.resolve(true);
  if (caller.role === 'anon') return Promise.resolve(false);
  return runAsCaller(db, caller, async (tx) => {
    const [row] = await tx.query<{ owner: boolean }>('select public.is_owner() as owner');
    return row?.owner === true;
  });
}

/** A fresh name beside `target` for writing before the rename: same folder, so the rename is atomic. */
export function draftPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/**
 * Puts the finished `source` at `target` in one step: with `upsert` over any object already there (a rename),
 * otherwise only if none is (a hard link, which fails rather than replace). `source` is gone afterwards either
 * way. A source on another file system is first copied beside the target.
 */
export async function placeObject(
  source: string,
  target: string,
  { upsert }: { upsert: boolean },
): Promise<'placed' | 'exists'> {
  let draft = source;
  if (path.dirname(source) !== path.dirname(target)) {
    draft = draftPathFor(target);
    try {
      await rename(source, draft);
    } catch (error) {
      if (errorCode(error) !== 'EXDEV') throw error;
      await copyFile(source, draft);
      await rm(source, { force: true });
    }
  }
  try {
    if (upsert) {
      await rename(draft, target);
      return 'placed';
    }
    await link(draft, target);
    return 'placed';
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return 'exists';
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}
