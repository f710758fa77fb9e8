import { describe, expect, it } from 'vitest';
import { sniffTeaserFile } from './teaser-rules';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('the teaser bucket’s files, by their bytes', () => {
  it('knows an MP4, a WebM and WebVTT captions, with or without a byte order mark', () => {
    expect(sniffTeaserFile(bytes([0, 0, 0, 32], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
    expect(sniffTeaserFile(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('webm');
    expect(sniffTeaserFile(bytes('WEBVTT\n\n00:00.000'))).toBe('vtt');
    expect(sniffTeaserFile(bytes([0xef, 0xbb, 0xbf], 'WEBVTT - teaser\n'))).toBe('vtt');
  });

  it('takes no picture, page or look-alike for one', () => {
    expect(sniffTeaserFile(bytes([0, 0, 0, 24], 'ftypheicmif1heic'))).toBeUndefined();
    expect(sniffTeaserFile(bytes([0, 0, 0, 28], 'ftypavifmif1'))).toBeUndefined();
    expect(sniffTeaserFile(bytes('<!doctype html><script>'))).toBeUndefined();
    expect(sniffTeaserFile(bytes('WEBVTTX'))).toBeUndefined();
    expect(sniffTeaserFile(bytes('1\r\n00:00:01,000 --> 00:00:02,000'))).toBeUndefined();
  });
});
