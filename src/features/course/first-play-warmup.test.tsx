import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseOutline } from '@/shared/course-outline/outline';

const lesson = {
  slug: 'welcome',
  title: 'Welcome',
  summary: 'The three lenses.',
  durationSeconds: 60,
  orderIndex: 1,
  isPreview: false,
  streams: true,
  speaksTo: [],
  preview: null,
};
const streamedFirst: CourseOutline = { lessons: [lesson], firstPosterUrl: null };

/**
 * A fresh page on a link of `downlink` Mbit/s (the browser's estimate) that came with the e-mail's link; answers
 * a spy told when the stream player's script is loaded.
 */
async function openWithLink(downlink: number) {
  vi.resetModules();
  const streamPlayerLoaded = vi.fn();
  vi.doMock('@/shared/player/play-stream', () => {
    streamPlayerLoaded();
    return { playStream: vi.fn() };
  });
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { connection: { downlink } }),
  );
  const { useFirstPlayWarmup } = await import('./first-play-warmup');
  function Page() {
    useFirstPlayWarmup(streamedFirst, true);
    return null;
  }
  render(<Page />);
  return streamPlayerLoaded;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('@/shared/player/play-stream');
});

describe('useFirstPlayWarmup', () => {
  it('fetches the stream player while "Continue" shows when the first lesson streams on this link', async () => {
    const streamPlayerLoaded = await openWithLink(10);
    await vi.waitFor(() => expect(streamPlayerLoaded).toHaveBeenCalledOnce());
  });

  it('fetches none on a slow link, where the lesson plays its slow-link MP4', async () => {
    const streamPlayerLoaded = await openWithLink(0.4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streamPlayerLoaded).not.toHaveBeenCalled();
  });
});
