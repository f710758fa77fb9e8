import { describe, expect, it } from 'vitest';
import { checkPicture, MAX_PICTURE_BYTES, sniffPicture } from './guide-rules';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

// The first bytes of real files, as cameras, phones and editors write them.
const HEADERS = {
  jpg: bytes([0xff, 0xd8, 0xff, 0xe1, 0x2f, 0xfe], 'Exif', [0, 0], 'MM'),
  png: bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', [0, 0, 2, 0, 0, 0, 2, 0, 8, 2, 0, 0, 0]),
  webp: bytes('RIFF', [0x1a, 0, 0, 0], 'WEBPVP8 ', new Array<number>(14).fill(0)),
  avif: bytes([0, 0, 0, 28], 'ftypmif1', [0, 0, 0, 0], 'mif1avifmiaf'),
  // An iPhone photo: major brand heic, compatible mif1 and heic.
  heic: bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'),
  // A HEIF still from another camera: major brand mif1 only.
  heif: bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0], 'mif1miaf'),
  svg: bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  pdf: bytes('%PDF-1.7\n'),
};

describe('sniffPicture', () => {
  it.each([
    ['jpg', 'jpg'],
    ['png', 'png'],
    ['webp', 'webp'],
    ['avif', 'avif'],
    ['heic', 'heic'],
    ['heif', 'heic'],
    ['svg', 'svg'],
  ] as const)('recognises %s by its content', (header, kind) => {
    expect(sniffPicture(HEADERS[header])).toBe(kind);
  });

  it('recognises nothing it would accept in a GIF, a PDF, HTML or an empty file', () => {
    for (const head of [HEADERS.gif, HEADERS.pdf, bytes('<!doctype html><p>svg</p>'), new Uint8Array()]) {
      expect(sniffPicture(head)).toBeUndefined();
    }
  });
});

describe('checkPicture', () => {
  it('accepts a JPEG of exactly 5 MB, whatever its name or given type, and refuses one byte more', () => {
    expect(checkPicture({ size: MAX_PICTURE_BYTES, head: HEADERS.jpg, type: '' })).toEqual({
      ok: true,
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(checkPicture({ size: MAX_PICTURE_BYTES + 1, head: HEADERS.jpg })).toEqual({
      ok: false,
      reason: 'too-big',
    });
  });

  it('names an iPhone photo by its bytes, or by its type when the bytes say nothing', () => {
    expect(checkPicture({ size: 2_000_000, head: HEADERS.heic, type: 'image/jpeg' })).toMatchObject({
      reason: 'heic',
    });
    expect(checkPicture({ size: 10, head: bytes('....'), type: 'image/heif' })).toMatchObject({
      reason: 'heic',
    });
    // Safari hands over a converted JPEG under its HEIC name: the bytes decide.
    expect(checkPicture({ size: 10, head: HEADERS.jpg, type: 'image/heic' })).toMatchObject({ ok: true });
  });

  it('refuses an SVG and anything that is no picture it shows', () => {
    expect(checkPicture({ size: 80, head: HEADERS.svg, type: 'image/svg+xml' })).toMatchObject({
      reason: 'svg',
    });
    expect(checkPicture({ size: 10, head: HEADERS.gif, type: 'image/gif' })).toMatchObject({
      reason: 'not-a-picture',
    });
  });
});
