import { realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Maps the raw (still percent-encoded) key of a public object URL to a file inside the bucket folder,
 * 'invalid' for any key that could leave it (dot segments, encoded or not; encoded slashes or backslashes;
 * absolute paths; NUL bytes; bad encodings; symlinks pointing outside), or 'missing'.
 */
export async function resolveObjectPath(
  bucketFolder: string,
  rawKey: string,
): Promise<{ file: string } | 'invalid' | 'missing'> {
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
    segments.push(segment);
  }
  if (segments.length === 0) return 'invalid';
  try {
    const root = await realpath(bucketFolder);
    const file = await realpath(path.join(root, ...segments));
    return file.startsWith(root + path.sep) ? { file } : 'invalid';
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
      return 'missing';
    }
    throw error;
  }
}
