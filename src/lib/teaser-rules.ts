// What the public bucket "teaser" takes: the landing page's teaser video and its captions, recognised by their
// bytes, for the studio and the embedded server alike. Plain code without imports, as guide-rules.ts.

/** The kinds of file the teaser bucket holds, by the extension their stored name gets. */
export type TeaserFileExtension = 'mp4' | 'webm' | 'vtt';

/** How many of a file's first bytes `sniffTeaserFile` needs. */
export const TEASER_HEAD_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** Picture formats that are ISO media files too: an `ftyp` box of these brands is no video. */
const PICTURE_BRANDS = ['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'];

/**
 * Recognises a teaser file by its first bytes, never by its name: an MP4 (an ISO media file whose major brand is
 * not a picture's), a WebM (an EBML header), or WebVTT captions (the word WEBVTT, after a byte order mark).
 */
export function sniffTeaserFile(bytes: Uint8Array): TeaserFileExtension | undefined {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && !PICTURE_BRANDS.includes(ascii(bytes, 8, 12)))
    return 'mp4';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'webm';
  const text = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  return /^WEBVTT(?:[ \t\r\n]|$)/.test(ascii(text, 0, 7)) ? 'vtt' : undefined;
}
