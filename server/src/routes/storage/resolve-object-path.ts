import { lstat, mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';

/** File systems refuse longer names (ENAMETOOLONG): such a key names nothing and is refused up front. */
const MAX_SEGMENT_BYTES = 255;
const MAX_KEY_BYTES = 1024;
const encoder = new TextEncoder();

/** The decoded segments of a raw (still percent-encoded) key, or 'invalid' for a key no file could have. */
function keySegments(rawKey: string): string[] | 'invalid' {
  const segments: string[] = [];
  for (const rawSegment of rawKey.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(rawSegment);
    } catch {
      return 'invalid';
    }
    if (segment === '' || segment === '.' || segment === '..') return 'invalid';
    if (/[/\\\0]/.test(segment) || /^[a-zA-Z]:/.test(segment)) return 'invalid';
    if (encoder.encode(segment).byteLength > MAX_SEGMENT_BYTES) return 'invalid';
    segments.push(segment);
  }
  if (segments.length === 0) return 'invalid';
  if (encoder.encode(segments.join('/')).byteLength > MAX_KEY_BYTES) return 'invalid';
  return segments;
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/**
 * Maps the raw (still percent-encoded) key of a public object URL to a file inside the bucket folder,
 * 'invalid' for any key that could leave it (dot segments, encoded or not; encoded slashes or backslashes;
 * absolute paths; NUL bytes; bad encodings; symlinks pointing outside) or that no file could have (a name over
 * 255 bytes, a key over 1,024), or 'missing'. `key` is the decoded key, as signed URLs name their object.
 */
export async function resolveObjectPath(
  bucketFolder: string,
  rawKey: string,
): Promise<{ file: string; key: string } | 'invalid' | 'missing'> {
  const segments = keySegments(rawKey);
  if (segments === 'invalid') return 'invalid';
  try {
    const root = await realpath(bucketFolder);
    const file = await realpath(path.join(root, ...segments));
    return file.startsWith(root + path.sep) ? { file, key: segments.join('/') } : 'invalid';
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    if (code === 'ENAMETOOLONG') return 'invalid';
    throw error;
  }
}

/**
 * Where an upload of the raw key is to be written: the same keys as `resolveObjectPath` are refused, and so is
 * a key whose folder is a file or leaves the bucket through a symlink. The key's folders are made (owner-only).
 * `file` is the name to rename onto; it may exist (a replaced object), and is then a file, never a folder.
 */
export async function resolveUploadPath(
  bucketFolder: string,
  rawKey: string,
): Promise<{ file: string; key: string } | 'invalid'> {
  const segments = keySegments(rawKey);
  if (segments === 'invalid') return 'invalid';
  const name = segments.at(-1) ?? '';
  try {
    await mkdir(bucketFolder, { recursive: true, mode: 0o700 });
    const root = await realpath(bucketFolder);
    await mkdir(path.join(root, ...segments.slice(0, -1)), { recursive: true, mode: 0o700 });
    const folder = await realpath(path.join(root, ...segments.slice(0, -1)));
    if (folder !== root && !folder.startsWith(root + path.sep)) return 'invalid';
    const file = path.join(folder, name);
    const existing = await lstat(file).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    });
    if (existing?.isDirectory()) return 'invalid';
    return { file, key: segments.join('/') };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENAMETOOLONG') return 'invalid';
    throw error;
  }
}
