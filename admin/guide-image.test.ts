import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_HEADERS } from '../server/test/test-images.ts';
import { MAX_IMAGE_BYTES, readGuideImage, sniffImage } from './guide-image.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'images-'));
});

async function file(name: string, content: Buffer | string) {
  const target = path.join(folder, name);
  await writeFile(target, content);
  return target;
}

describe('sniffImage', () => {
  it.each(Object.entries(IMAGE_HEADERS))('recognises %s by its content', (extension, bytes) => {
    expect(sniffImage(bytes)).toBe(extension);
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['HTML', Buffer.from('<!doctype html><html><body><svg></svg></body></html>')],
    [
      'an HEIC ftyp box',
      Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        Buffer.from('ftypheic'),
        Buffer.alloc(4),
        Buffer.from('mif1heic'),
      ]),
    ],
    ['XML that is not SVG', Buffer.from('<?xml version="1.0"?><note>svg</note>')],
    ['an empty file', Buffer.alloc(0)],
    ['Latin-1 bytes around <svg', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xe9, 0xff])],
  ])('rejects %s', (_, bytes) => {
    expect(sniffImage(bytes)).toBeUndefined();
  });

  it.each([
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>html</p></foreignObject></svg>',
  ])('flags an SVG with active content: %s', (svg) => {
    expect(sniffImage(Buffer.from(svg))).toBe('unsafe-svg');
  });
});

describe('readGuideImage', () => {
  it('names a picture by its content hash and keeps its type', async () => {
    const first = await readGuideImage(await file('portrait.bin', IMAGE_HEADERS.png));
    const copy = await readGuideImage(await file('another-name.jpg', IMAGE_HEADERS.png));
    expect(first.objectName).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(copy.objectName).toBe(first.objectName);
    expect(first.contentType).toBe('image/png');
    const svg = await readGuideImage(await file('logo.svg', IMAGE_HEADERS.svg));
    expect(svg.objectName).toMatch(/\.svg$/);
    expect(svg.objectName).not.toBe(first.objectName);
  });

  it('accepts exactly 5 MB and refuses one byte more', async () => {
    const target = await file('big.png', IMAGE_HEADERS.png);
    await truncate(target, MAX_IMAGE_BYTES);
    await expect(readGuideImage(target)).resolves.toMatchObject({ extension: 'png' });
    await truncate(target, MAX_IMAGE_BYTES + 1);
    await expect(readGuideImage(target)).rejects.toThrow(/5\.0 MB is over the 5 MB limit/);
  });

  it('explains every refusal, naming the file', async () => {
    await expect(readGuideImage(path.join(folder, 'missing.png'))).rejects.toThrow(
      /missing\.png: cannot read it \(ENOENT\)/,
    );
    await expect(readGuideImage(folder)).rejects.toThrow(/not a file/);
    await expect(readGuideImage(await file('notes.png', 'hello'))).rejects.toThrow(
      /notes\.png: not a JPEG, PNG, WebP, AVIF or SVG image/,
    );
    await expect(readGuideImage(await file('x.svg', '<svg onload="alert(1)"/>'))).rejects.toThrow(
      /scripts, event handlers/,
    );
  });
});
