import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseOutline, OutlineLesson } from '@/shared/course-outline/outline';
import { createOutlineStore } from '@/shared/course-outline/outline-store';
import { CourseProof } from './course-proof';

const lesson = (durationSeconds: number): OutlineLesson => ({
  slug: 'why',
  title: 'Why plan with three lenses',
  summary: '',
  durationSeconds,
  orderIndex: 1,
  isPreview: false,
  streams: false,
  speaksTo: [],
  files: null,
  preview: null,
});

/** A store whose load the test settles by hand. */
function storeWithLoad() {
  let resolve: (value: CourseOutline) => void = () => undefined;
  const store = createOutlineStore(
    vi.fn(
      () =>
        new Promise<CourseOutline>((settleWith) => {
          resolve = settleWith;
        }),
    ),
  );
  return { store, resolve: (lessons: OutlineLesson[]) => resolve({ lessons, firstPosterUrl: null }) };
}

describe('CourseProof', () => {
  it("says the seeded lessons' length until the outline comes, then the published lessons' own", async () => {
    const { store, resolve } = storeWithLoad();
    const seeded = Math.round(__SEEDED_LESSON_SECONDS__.reduce((total, seconds) => total + seconds, 0) / 60);
    const { container } = render(<CourseProof store={store} />);
    expect(container).toHaveTextContent(
      `About ${seeded} minutes of short video lessons · free · the method strategy teams at Shell and Unilever use`,
    );
    store.request();
    await act(async () => resolve([lesson(1800), lesson(1800)]));
    expect(container).toHaveTextContent(/^About 60 minutes of short video lessons/);
  });

  it('says a minute for a course of a minute or less', async () => {
    const { store, resolve } = storeWithLoad();
    const { container } = render(<CourseProof store={store} />);
    store.request();
    await act(async () => resolve([lesson(50)]));
    expect(container).toHaveTextContent(/^About a minute of short video lessons/);
  });
});
