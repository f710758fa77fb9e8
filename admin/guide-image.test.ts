import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_HEADERS } from '../server/test/test-images.ts';
import { MAX_PICTURE_BYTES } from '../src/lib/guide-rules.ts';
import { readGuideImage } from './guide-image.ts';

// The first bytes of an iPhone's photo: an ftyp box of 24 bytes, major brand heic, compatible mif1 and heic.
const IPHONE_HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'images-'));
});

async function file(name: string, content: Buffer | string) {
  const target = path.join(folder, name);
  await writeFile(target, content);
  return target;
}

describe('readGuideImage', () => {
  it('names a picture by its content hash and keeps its type', async () => {
    const first = await readGuideImage(await file('portrait.bin', IMAGE_HEADERS.png));
    const copy = await readGuideImage(await file('another-name.jpg', IMAGE_HEADERS.png));
    expect(first.objectName).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(copy.objectName).toBe(first.objectName);
    expect(first.contentType).toBe('image/png');
  });

  it('accepts exactly 5 MB and refuses one byte more', async () => {
    const target = await file('big.png', IMAGE_HEADERS.png);
    await truncate(target, MAX_PICTURE_BYTES);
    await expect(readGuideImage(target)).resolves.toMatchObject({ extension: 'png' });
    await truncate(target, MAX_PICTURE_BYTES + 1);
    await expect(readGuideImage(target)).rejects.toThrow(/5\.0 MB is over the 5 MB limit/);
  });

  it('explains every refusal, naming the file', async () => {
    await expect(readGuideImage(path.join(folder, 'missing.png'))).rejects.toThrow(
      /missing\.png: cannot read it \(ENOENT\)/,
    );
    await expect(readGuideImage(folder)).rejects.toThrow(/not a file/);
    await expect(readGuideImage(await file('notes.png', 'hello'))).rejects.toThrow(
      /notes\.png: not a JPEG, PNG, WebP or AVIF image/,
    );
    await expect(readGuideImage(await file('IMG_0001.jpg', IPHONE_HEIC))).rejects.toThrow(
      /IMG_0001\.jpg: an iPhone HEIC photo, which browsers cannot show\. Export it as JPEG/,
    );
  });

  // The three that passed the old pattern check, each running when the file is opened on its own.
  it.each([
    [
      'a namespaced script',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>',
    ],
    [
      'a script in a DOCTYPE entity',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg">&s;</svg>',
    ],
    [
      'an XHTML script',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>',
    ],
    ['a plain, harmless SVG', IMAGE_HEADERS.svg],
  ])('refuses every SVG, %s included', async (_label, svg) => {
    await expect(readGuideImage(await file('picture.svg', svg))).rejects.toThrow(
      /picture\.svg: SVG pictures are not accepted/,
    );
  });
});
