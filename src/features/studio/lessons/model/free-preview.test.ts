import { describe, expect, it } from 'vitest';
import type { StudioLesson } from './lessons-backend';
import { leavesNoPreview } from './free-preview';

const lesson = (id: number, is_published: boolean, is_preview: boolean): StudioLesson => ({
  id,
  slug: `lesson-${id}`,
  title: `Lesson ${id}`,
  summary: '',
  video_path: `lesson-${id}/video.mp4`,
  stream_path: null,
  captions_path: null,
  poster_path: null,
  duration_seconds: 60,
  order_index: id,
  is_published,
  is_preview,
  speaks_to: [],
});

describe('leavesNoPreview', () => {
  it('is true when the only published free preview is unpublished or stops being a preview', () => {
    const lessons = [lesson(1, true, true), lesson(2, true, false), lesson(3, false, true)];
    expect(leavesNoPreview(lessons, 1, { is_published: false, is_preview: true })).toBe(true);
    expect(leavesNoPreview(lessons, 1, { is_published: true, is_preview: false })).toBe(true);
  });

  it('is false while another published preview stays, or when there was none to lose', () => {
    const two = [lesson(1, true, true), lesson(2, true, true)];
    expect(leavesNoPreview(two, 1, { is_published: false, is_preview: true })).toBe(false);
    const none = [lesson(1, true, false), lesson(2, false, true)];
    expect(leavesNoPreview(none, 2, { is_published: false, is_preview: false })).toBe(false);
  });
});
