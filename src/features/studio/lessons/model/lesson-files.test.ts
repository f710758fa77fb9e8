import { describe, expect, it } from 'vitest';
import { lessonFilePaths, movedOrder, posterKind } from './lesson-files';

describe('lessonFilePaths', () => {
  it('puts a lesson’s files in its own folder, under fixed names', () => {
    expect(lessonFilePaths('first-step', { type: 'video/webm' }, 'png')).toEqual({
      video: 'lessons/first-step/video.webm',
      captions: 'lessons/first-step/captions.vtt',
      poster: 'lessons/first-step/poster.png',
    });
    expect(lessonFilePaths('first-step', { type: '' }, 'jpg').video).toBe('lessons/first-step/video.mp4');
  });
});

describe('posterKind', () => {
  it('takes JPEG, PNG and WebP by their bytes, and nothing else', () => {
    expect(posterKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(posterKind(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))?.extension).toBe('webp');
    expect(posterKind(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(posterKind(new TextEncoder().encode('just text'))).toBeNull();
  });
});

describe('movedOrder', () => {
  it('moves one lesson a place, and nowhere past either end', () => {
    expect(movedOrder([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 1, -1)).toBeNull();
    expect(movedOrder([1, 2, 3], 3, 1)).toBeNull();
    expect(movedOrder([1, 2, 3], 9, 1)).toBeNull();
  });
});
