import { describe, expect, it } from 'vitest';
import { lessonFilePaths, movedOrder, posterKind, replacementPaths } from './lesson-files';

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

describe('replacementPaths', () => {
  it('names replacements anew each time, and the same video alike, so its upload resumes', () => {
    const video = { type: 'video/mp4', size: 1_000_000, lastModified: 1_700_000_000_000 };
    const first = replacementPaths('first-step', video, 'webp', 1_000);
    expect(first).toEqual({
      video: 'lessons/first-step/video-lfls-loyw3v28.mp4',
      captions: 'lessons/first-step/captions-rs.vtt',
      poster: 'lessons/first-step/poster-rs.webp',
    });
    const later = replacementPaths('first-step', video, 'webp', 2_000);
    expect(later.video).toBe(first.video);
    expect(later.captions).not.toBe(first.captions);
    expect(replacementPaths('first-step', null, 'jpg', 1_000).video).toBeNull();
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
