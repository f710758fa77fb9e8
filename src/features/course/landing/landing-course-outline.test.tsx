import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '@/lib/fake-intersection-observer';
import type { CourseOutline } from '@/shared/course-outline/outline';
import { createOutlineStore } from '@/shared/course-outline/outline-store';
import { LandingCourseOutline } from './landing-course-outline';

const outline: CourseOutline = {
  lessons: [
    {
      slug: 'why',
      title: 'Why plan with three lenses',
      summary: 'Meet them.',
      durationSeconds: 47,
      orderIndex: 1,
      isPreview: false,
      streams: false,
      speaksTo: [],
      files: null,
      preview: null,
    },
    {
      slug: 'trends',
      title: 'Lens one: trends',
      summary: '',
      durationSeconds: 43,
      orderIndex: 2,
      isPreview: false,
      streams: false,
      speaksTo: [],
      files: null,
      preview: null,
    },
    {
      slug: 'action',
      title: 'From opportunities to action',
      summary: '',
      durationSeconds: 125,
      orderIndex: 3,
      isPreview: false,
      streams: false,
      speaksTo: [],
      files: null,
      preview: null,
    },
  ],
  firstPosterUrl: null,
};

/** A store whose load the test settles by hand. */
function storeWithLoad() {
  let resolve: (value: CourseOutline) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<CourseOutline>((settleWith, failWith) => {
        resolve = settleWith;
        reject = failWith;
      }),
  );
  const store = createOutlineStore(load);
  return {
    store,
    load,
    resolve: (value: CourseOutline) => resolve(value),
    reject: (reason: unknown) => reject(reason),
  };
}

const lessonsList = () => screen.getByRole('list', { name: 'The lessons' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LandingCourseOutline', () => {
  it('holds the seeded number of rows open, busy and hidden from screen readers, until the outline comes', async () => {
    const { store, resolve } = storeWithLoad();
    render(<LandingCourseOutline store={store} />);
    expect(lessonsList()).toHaveAttribute('aria-busy', 'true');
    expect(within(lessonsList()).queryAllByRole('listitem')).toHaveLength(0);
    expect(lessonsList().children).toHaveLength(__SEEDED_LESSON_SECONDS__.length);

    await act(async () => resolve(outline));
    expect(lessonsList()).toHaveAttribute('aria-busy', 'false');
    const items = within(lessonsList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1Why plan with three lenses0:4747 seconds',
      '2Lens one: trends0:4343 seconds',
      '3From opportunities to action2:052 minutes 5 seconds',
    ]);
    expect(screen.getByText('3 lessons · 4 min')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('3 lessons, 4 minutes in all')).toHaveClass('sr-only');
    expect(within(items[2] as HTMLElement).getByText('2:05')).toHaveAttribute('aria-hidden', 'true');
  });

  it('asks for the outline only once the list nears the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { store, load } = storeWithLoad();
    render(<LandingCourseOutline store={store} />);
    expect(load).not.toHaveBeenCalled();
    const observer = FakeIntersectionObserver.last;
    expect(observer?.options.rootMargin).toBe('50% 0px');
    act(() => observer?.callback([{ isIntersecting: true }]));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('goes away, leaving the rest of the section, when the outline cannot be loaded', async () => {
    const { store, reject } = storeWithLoad();
    const { container } = render(<LandingCourseOutline store={store} />);
    await act(async () => reject(new TypeError('Failed to fetch')));
    expect(container).toBeEmptyDOMElement();
    expect(console.error).toHaveBeenCalled();
  });
});
