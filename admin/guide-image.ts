import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import {
  checkPicture,
  MAX_PICTURE_BYTES,
  type PictureContentType,
  type PictureExtension,
} from '../src/lib/guide-rules.ts';
import { AdminError } from './admin-error.ts';

/** A lesson's poster is recognised as a guide's picture is. */
export { MAX_PICTURE_BYTES as MAX_IMAGE_BYTES, sniffPicture as sniffImage } from '../src/lib/guide-rules.ts';

/** An image file that passed every check, ready for the guides bucket. */
export interface GuideImage {
  bytes: Uint8Array;
  extension: PictureExtension;
  contentType: PictureContentType;
  /** Content-hashed object name: the same picture always gets the same name, a new one never overwrites. */
  objectName: string;
}

const REFUSALS = {
  'too-big': 'is over the 5 MB limit. Use a smaller picture.',
  heic: 'an iPhone HEIC photo, which browsers cannot show. Export it as JPEG (Photos: Share → Save as JPEG), then use that.',
  svg: 'SVG pictures are not accepted (an SVG can carry scripts). Export it as PNG or WebP.',
  'not-a-picture': 'not a JPEG, PNG, WebP or AVIF image.',
} as const;

function megabytes(size: number): string {
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/** Reads and checks a guide picture; every refusal is an AdminError naming the file and the reason. */
export async function readGuideImage(file: string): Promise<GuideImage> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new AdminError('invalid', `--image ${file}: not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof AdminError) throw error;
    throw new AdminError(
      'invalid',
      `--image ${file}: cannot read it (${error instanceof Error && 'code' in error ? String(error.code) : String(error)}).`,
    );
  }
  if (size > MAX_PICTURE_BYTES) {
    throw new AdminError(
      'invalid',
      `--image ${file}: ${megabytes(size)} is over the 5 MB limit. Use a smaller picture.`,
    );
  }
  const bytes = new Uint8Array(await readFile(file));
  const verdict = checkPicture({ size: bytes.length, head: bytes });
  if (!verdict.ok) throw new AdminError('invalid', `--image ${file}: ${REFUSALS[verdict.reason]}`);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return {
    bytes,
    extension: verdict.extension,
    contentType: verdict.contentType,
    objectName: `${hash}.${verdict.extension}`,
  };
}
