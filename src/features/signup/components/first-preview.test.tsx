import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseOutline, OutlineLesson } from '@/shared/course-outline/outline';
import { createOutlineStore } from '@/shared/course-outline/outline-store';
import { FirstPreview } from './first-preview';

const lesson = (slug: string, title: string, preview: OutlineLesson['preview']): OutlineLesson => ({
  slug,
  title,
  summary: '',
  durationSeconds: 40,
  orderIndex: 1,
  isPreview: preview !== null,
  streams: false,
  speaksTo: [],
  files: preview,
  preview,
});

const outlineWith = (...lessons: OutlineLesson[]): CourseOutline => ({ lessons, firstPosterUrl: null });

const files = {
  videoPath: 'lessons/two.mp4',
  captionsPath: 'lessons/two.vtt',
  posterPath: null,
  streamPath: null,
};

describe('FirstPreview', () => {
  it('offers the first preview lesson by its number, and plays it in place with captions on a tap', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const store = createOutlineStore(async () =>
      outlineWith(lesson('one', 'One', null), lesson('two', 'Two', files), lesson('three', 'Three', null)),
    );
    const sign = vi.fn(async () => ({
      video: 'https://cdn.test/two.mp4',
      captions: 'https://cdn.test/two.vtt',
      poster: null,
      slowLinkVideo: null,
    }));
    render(<FirstPreview outlineStore={store} sign={sign} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start lesson 2 now' }));
    // The heading takes the focus in an effect, which React may run a moment after the DOM shows it.
    const heading = await screen.findByRole('heading', { level: 4, name: 'Two' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Free preview · Lesson 2')).toBeVisible();
    expect(sign).toHaveBeenCalledWith(files);
    await waitFor(() =>
      expect(document.querySelector('video')).toHaveAttribute('src', 'https://cdn.test/two.mp4'),
    );
    expect(document.querySelector('track')).toHaveAttribute('src', 'https://cdn.test/two.vtt');
    // play() is the effect of that render, which React may run a moment after the DOM shows it.
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
  });

  it("reads the outline again when the preview's files cannot be signed, and plays the files it then names", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Its stream was made after the page read the outline: the upload it named is no longer its video.
    const streamed = { ...files, videoPath: 'lessons/two/video.mp4' };
    const outlines = [outlineWith(lesson('two', 'Two', files)), outlineWith(lesson('two', 'Two', streamed))];
    const store = createOutlineStore(
      async () => outlines.shift() ?? outlineWith(lesson('two', 'Two', streamed)),
    );
    const sign = vi.fn(async ({ videoPath }: { videoPath: string }) => {
      if (videoPath !== streamed.videoPath) throw new Error('Object not found');
      return { video: 'https://cdn.test/two/video.mp4', captions: null, poster: null, slowLinkVideo: null };
    });
    render(<FirstPreview outlineStore={store} sign={sign} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start lesson 1 now' }));
    await waitFor(() =>
      expect(document.querySelector('video')).toHaveAttribute('src', 'https://cdn.test/two/video.mp4'),
    );
    expect(sign.mock.calls.map(([signed]) => signed.videoPath)).toEqual([
      files.videoPath,
      streamed.videoPath,
    ]);
  });

  it('shows nothing when no lesson is a preview, or the outline does not load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const none = createOutlineStore(async () => outlineWith(lesson('one', 'One', null)));
    const { container, unmount } = render(<FirstPreview outlineStore={none} />);
    await waitFor(() => expect(none.current().status).toBe('ready'));
    expect(container).toBeEmptyDOMElement();
    unmount();
    const failing = createOutlineStore(async () => Promise.reject(new Error('offline')));
    const failed = render(<FirstPreview outlineStore={failing} />);
    await waitFor(() => expect(failing.current().status).toBe('unavailable'));
    expect(failed.container).toBeEmptyDOMElement();
    expect(error).toHaveBeenCalled();
  });
});
