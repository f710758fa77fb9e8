import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseOutline, OutlineLesson } from '@/shared/course-outline/outline';

const lesson = {
  slug: 'welcome',
  title: 'Welcome',
  summary: 'The three lenses.',
  durationSeconds: 60,
  orderIndex: 1,
  isPreview: false,
  streams: true,
  speaksTo: [],
  files: null,
  preview: null,
};
const streamedFirst: CourseOutline = { lessons: [lesson], firstPosterUrl: null };
const signed = (path: string) => `/storage/v1/object/sign/course/${path}?token=t`;
/** Signs a preview's files as the back end does, each address named after its path. */
const signOutlineFiles = vi.fn(async (files: NonNullable<OutlineLesson['preview']>) => ({
  video: signed(files.videoPath),
  captions: files.captionsPath && signed(files.captionsPath),
  poster: null,
  slowLinkVideo: files.streamPath && signed('lessons/welcome/slow-link.mp4'),
}));

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
    useFirstPlayWarmup(streamedFirst, { cameWithLink: true, signedIn: false }, signOutlineFiles);
    return null;
  }
  render(<Page />);
  return streamPlayerLoaded;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('@/shared/player/play-stream');
  vi.doUnmock('@/shared/player/load-ahead');
});

const freePreview: NonNullable<OutlineLesson['preview']> = {
  videoPath: 'lessons/welcome.mp4',
  captionsPath: 'lessons/welcome.vtt',
  posterPath: 'lessons/welcome.webp',
  streamPath: null,
};
/**
 * A fresh page on a link of the browser's estimate `connection`, with a first lesson of these `files` (a free
 * preview unless `isPreview` is false), that came with the e-mail's link or not; answers spies told what is signed
 * and loaded ahead, and when it stops, and a rerender as she is signed in or not.
 */
async function openFreeFirstLesson(
  connection: { downlink: number; saveData?: boolean },
  { preview: files = freePreview, isPreview = true, cameWithLink = true } = {},
) {
  vi.resetModules();
  signOutlineFiles.mockClear();
  const stop = vi.fn();
  const loadAhead = vi.fn<(video: string) => () => void>(() => stop);
  vi.doMock('@/shared/player/load-ahead', () => ({ loadAhead }));
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection }));
  const { useFirstPlayWarmup } = await import('./first-play-warmup');
  const outline: CourseOutline = {
    lessons: [
      {
        ...lesson,
        streams: files.streamPath !== null,
        isPreview,
        files,
        preview: isPreview ? files : null,
      },
    ],
    firstPosterUrl: null,
  };
  function Page({ signedIn }: { signedIn: boolean }) {
    useFirstPlayWarmup(outline, { cameWithLink, signedIn }, signOutlineFiles);
    return null;
  }
  const { unmount, rerender } = render(<Page signedIn={false} />);
  return {
    loadAhead,
    stop,
    unmount,
    rerender: (signedIn = false) => rerender(<Page signedIn={signedIn} />),
  };
}

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

  it("loads a free first lesson's file ahead on a slow link, and stops when the page goes", async () => {
    const { loadAhead, stop, unmount } = await openFreeFirstLesson({ downlink: 0.4 });
    await waitFor(() => expect(loadAhead).toHaveBeenCalledWith(signed('lessons/welcome.mp4')));
    unmount();
    expect(stop).toHaveBeenCalledOnce();
  });

  it("loads a streamed free lesson's slow-link MP4 ahead, the file a slow link plays", async () => {
    const { loadAhead } = await openFreeFirstLesson(
      { downlink: 0.4 },
      { preview: { ...freePreview, captionsPath: null, streamPath: 'lessons/welcome/master.m3u8' } },
    );
    await waitFor(() => expect(loadAhead).toHaveBeenCalledWith(signed('lessons/welcome/slow-link.mp4')));
  });

  it("signs a locked first lesson's files and loads its file ahead the moment she is signed in, not before", async () => {
    const { loadAhead, rerender } = await openFreeFirstLesson({ downlink: 0.4 }, { isPreview: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signOutlineFiles).not.toHaveBeenCalled();
    expect(loadAhead).not.toHaveBeenCalled();

    rerender(true);
    await waitFor(() => expect(loadAhead).toHaveBeenCalledWith(signed('lessons/welcome.mp4')));
    expect(signOutlineFiles).toHaveBeenCalledExactlyOnceWith(freePreview);
  });

  it('keeps what a free first lesson loads ahead when she signs in: its files are the same', async () => {
    const { loadAhead, stop, rerender } = await openFreeFirstLesson({ downlink: 0.4 });
    await waitFor(() => expect(loadAhead).toHaveBeenCalledOnce());
    rerender(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stop).not.toHaveBeenCalled();
    expect(loadAhead).toHaveBeenCalledOnce();
    expect(signOutlineFiles).toHaveBeenCalledOnce();
  });

  it('loads nothing ahead on a fast link, for a visitor who asked for less data, or without the link', async () => {
    const visits = [
      await openFreeFirstLesson({ downlink: 10 }),
      await openFreeFirstLesson({ downlink: 0.4, saveData: true }),
      await openFreeFirstLesson({ downlink: 0.4 }, { cameWithLink: false }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const { loadAhead } of visits) expect(loadAhead).not.toHaveBeenCalled();
  });

  it('judges the link once: a later estimate neither stops the file nor starts one', async () => {
    const connection = { downlink: 0.4 };
    const { loadAhead, stop, rerender } = await openFreeFirstLesson(connection);
    await waitFor(() => expect(loadAhead).toHaveBeenCalledOnce());
    connection.downlink = 10;
    rerender();
    expect(stop).not.toHaveBeenCalled();

    const fast = { downlink: 10 };
    const later = await openFreeFirstLesson(fast);
    fast.downlink = 0.4;
    later.rerender();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(later.loadAhead).not.toHaveBeenCalled();
  });
});
