// What a guide's fields and picture may be: one set of rules for the owner's tool (admin/) and the studio.
// Plain code without imports, so both the browser bundle and Node load it as it is.

/** The longest each field may be, as the table's checks and the studio's functions also enforce. */
export const GUIDE_LIMITS = { name: 120, title: 200, quote: 600, imageUrl: 2000 } as const;

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** The formats the landing page shows, by the extension their stored name gets. */
export const PICTURE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;
export type PictureExtension = keyof typeof PICTURE_TYPES;
export type PictureContentType = (typeof PICTURE_TYPES)[PictureExtension];

/** How many of a file's first bytes `sniffPicture` needs. */
export const PICTURE_HEAD_BYTES = 4096;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** The brands of an ISO media file's `ftyp` box (AVIF, HEIC/HEIF): the major one and the compatible ones. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'];

/**
 * Recognises a picture by its first bytes, never by its file name. HEIC (an iPhone's photos) and SVG are
 * recognised only to refuse them helpfully: browsers other than Safari cannot show HEIC, and an SVG is a
 * document that can carry scripts in more ways than a pattern can list, so every SVG is refused.
 */
export function sniffPicture(bytes: Uint8Array): PictureExtension | 'heic' | 'svg' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  if (brands.some((brand) => HEIF_BRANDS.includes(brand))) return 'heic';
  return /<svg[\s>/]/i.test(new TextDecoder('utf-8').decode(bytes.subarray(0, PICTURE_HEAD_BYTES)))
    ? 'svg'
    : undefined;
}

export type PictureVerdict =
  | { ok: true; extension: PictureExtension; contentType: PictureContentType }
  | { ok: false; reason: 'too-big' | 'heic' | 'svg' | 'not-a-picture' };

/**
 * Whether a file may be a guide's picture, from its size and its first bytes; the type its system gave it only
 * names an unrecognised file as an iPhone photo (the bytes decide: a HEIC converted to JPEG is a JPEG).
 */
export function checkPicture(file: { size: number; head: Uint8Array; type?: string }): PictureVerdict {
  if (file.size > MAX_PICTURE_BYTES) return { ok: false, reason: 'too-big' };
  const kind = sniffPicture(file.head);
  if (kind === 'heic') return { ok: false, reason: 'heic' };
  if (kind === 'svg') return { ok: false, reason: 'svg' };
  if (kind === undefined) {
    return { ok: false, reason: /^image\/hei[cf]/i.test(file.type ?? '') ? 'heic' : 'not-a-picture' };
  }
  return { ok: true, extension: kind, contentType: PICTURE_TYPES[kind] };
}
