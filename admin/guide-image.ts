import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { AdminError } from './admin-error.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const KINDS = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;
export type ImageExtension = keyof typeof KINDS;

/** An image file that passed every check, ready for the guides bucket. */
export interface GuideImage {
  bytes: Uint8Array;
  extension: ImageExtension;
  contentType: (typeof KINDS)[ImageExtension];
  /** Content-hashed object name: the same picture always gets the same name, a new one never overwrites. */
  objectName: string;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), bytes.length);
  // The major brand (8–12) and the compatible brands (16 to the end of the box).
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/**
 * Only for a helpful refusal: SVG uploads are refused whatever they hold (decision 0080), since an SVG is a
 * document that can carry scripts in more ways than a pattern can list.
 */
function looksLikeSvg(bytes: Uint8Array): boolean {
  return /<svg[\s>/]/i.test(new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)));
}

/** Recognises the image by its content, never by its file name. */
export function sniffImage(bytes: Uint8Array): ImageExtension | 'svg' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return looksLikeSvg(bytes) ? 'svg' : undefined;
}

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
  if (size > MAX_IMAGE_BYTES) {
    throw new AdminError(
      'invalid',
      `--image ${file}: ${megabytes(size)} is over the 5 MB limit. Use a smaller picture.`,
    );
  }
  const bytes = new Uint8Array(await readFile(file));
  const kind = sniffImage(bytes);
  if (kind === 'svg') {
    throw new AdminError(
      'invalid',
      `--image ${file}: SVG pictures are not accepted (an SVG can carry scripts). Export it as PNG or WebP.`,
    );
  }
  if (kind === undefined) {
    throw new AdminError('invalid', `--image ${file}: not a JPEG, PNG, WebP or AVIF image.`);
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return { bytes, extension: kind, contentType: KINDS[kind], objectName: `${hash}.${kind}` };
}
