import { realpath } from 'node:fs/promises';
import path from 'node:path';

/** File systems refuse longer names (ENAMETOOLONG): such a key names nothing and is refused up front. */
const MAX_SEGMENT_BYTES = 255;
const MAX_KEY_BYTES = 1024;
const encoder = new TextEncoder();

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
  try {
    const root = await realpath(bucketFolder);
    const file = await realpath(path.join(root, ...segments));
    return file.startsWith(root + path.sep) ? { file, key: segments.join('/') } : 'invalid';
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    if (code === 'ENAMETOOLONG') return 'invalid';
    throw error;
  }
}
