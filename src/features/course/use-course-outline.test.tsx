import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseOutline } from '@/shared/course-outline/outline';
import { PublishedOutlineProvider } from '@/shared/course-outline/published-outline';
import { useCourseOutline } from './use-course-outline';

const row = (slug: string, orderIndex: number, posterPath: string | null) => ({
  slug,
  title: `Lesson ${slug}`,
  summary: '',
  duration_seconds: 60,
  order_index: orderIndex,
  poster_path: posterPath,
  is_preview: false,
  speaks_to: [],
  video_path: null,
  captions_path: null,
  stream_path: null,
  streams: false,
});

function outlineOf(rows: unknown, loadOutline: () => Promise<CourseOutline>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PublishedOutlineProvider rows={rows}>{children}</PublishedOutlineProvider>
  );
  const backend = { loadOutline };
  return renderHook(() => useCourseOutline(backend), { wrapper });
}

const never = () => new Promise<CourseOutline>(() => undefined);

describe('useCourseOutline', () => {
  it('starts from the published lessons the page carries, with the small seeded poster when it is theirs', () => {
    const seededPoster = __SEEDED_FIRST_POSTER_PATH__;
    const { result } = outlineOf([row('mine', 1, seededPoster), row('next', 2, null)], never);
    expect(result.current.outline.lessons.map((lesson) => lesson.title)).toEqual([
      'Lesson mine',
      'Lesson next',
    ]);
    expect(result.current.outline.firstPosterUrl).toMatch(/\.webp/);
  });

  it('shows no poster before the live outline signs one other than the seeded one', () => {
    const { result } = outlineOf([row('mine', 1, 'lessons/mine/poster.webp')], never);
    expect(result.current.outline.firstPosterUrl).toBeNull();
  });

  it("starts from the seed's lessons when the page carries none or malformed ones", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seededTitles = __SEEDED_OUTLINE_ROWS__.map((seeded) => (seeded as { title: string }).title);
    for (const rows of [null, [{ slug: 'broken' }]]) {
      const { result, unmount } = outlineOf(rows, never);
      expect(result.current.outline.lessons.map((lesson) => lesson.title)).toEqual(seededTitles);
      // The seed's files may not be the published ones: its previews play once the live outline names theirs.
      expect(result.current.outline.lessons.map((lesson) => lesson.preview)).toEqual(
        seededTitles.map(() => null),
      );
      expect(result.current.outline.lessons.map((lesson) => lesson.files)).toEqual(
        seededTitles.map(() => null),
      );
      unmount();
    }
  });

  it('gives the live outline once it comes, told which poster the page shows', async () => {
    const live: CourseOutline = { lessons: [], firstPosterUrl: 'https://cdn.test/poster.webp?token=t' };
    const loadOutline = vi.fn(async () => live);
    const { result } = outlineOf([row('mine', 1, 'lessons/mine/poster.webp')], loadOutline);
    await act(async () => undefined);
    expect(result.current.outline).toEqual(live);
    expect(loadOutline).toHaveBeenCalledWith(undefined);
  });

  it('reads the outline again when asked, keeping the one shown until the new one comes', async () => {
    const first: CourseOutline = { lessons: [], firstPosterUrl: null };
    const again: CourseOutline = { lessons: [], firstPosterUrl: 'https://cdn.test/new-poster.webp?token=t' };
    const answers = [first, again];
    const { result } = outlineOf([row('mine', 1, null)], async () => answers.shift() ?? again);
    await act(async () => undefined);
    expect(result.current.outline).toBe(first);
    const { reload } = result.current;
    act(() => reload());
    expect(result.current.outline).toBe(first);
    await act(async () => undefined);
    expect(result.current.outline).toBe(again);
    // The same function on every render: a caller may hand it on as a dependency.
    expect(result.current.reload).toBe(reload);
  });
});
