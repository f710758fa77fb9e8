import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playStream } from './play-stream';
import { CaptionedVideo } from './captioned-video';
import type { LessonMedia } from './lesson-media';

vi.mock('./play-stream', () => ({ playStream: vi.fn(() => () => undefined) }));

const media: LessonMedia = {
  video: 'https://cdn.test/lessons/ab/video.mp4?token=1',
  captions: 'https://cdn.test/lessons/ab.vtt?token=1',
  poster: null,
  slowLinkVideo: 'https://cdn.test/lessons/ab/slow-link.mp4?token=1',
};
const STREAM = 'lessons/0123456789abcdef0123456789abcdef/master.m3u8';

function renderPlayer(stream: string | null, withMedia = media) {
  render(
    <>
      <h2 id="title">Welcome</h2>
      <CaptionedVideo media={withMedia} stream={stream} videoRef={createRef()} labelledBy="title" />
    </>,
  );
  return screen.getByLabelText('Welcome', { selector: 'video' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(playStream).mockClear();
});

describe('CaptionedVideo', () => {
  it('plays the MP4 of a lesson without a stream, captions on', () => {
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const video = renderPlayer(null);
    expect(video).toHaveAttribute('src', media.video);
    expect(video.querySelector('track')).toHaveAttribute('src', media.captions);
    expect(playStream).not.toHaveBeenCalled();
  });

  it('plays the MP4 where the browser has no Media Source Extensions, stream or not', () => {
    const video = renderPlayer(STREAM);
    expect(video).toHaveAttribute('src', media.video);
    expect(playStream).not.toHaveBeenCalled();
  });

  it('plays the stream through hls.js where the browser has them, and the MP4 once the stream fails', async () => {
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const video = renderPlayer(STREAM);
    expect(video).not.toHaveAttribute('src');
    await vi.waitFor(() => expect(playStream).toHaveBeenCalledWith(video, STREAM, expect.any(Function)));
    const onFatal = vi.mocked(playStream).mock.calls[0]?.[2];
    act(() => onFatal?.());
    expect(video).toHaveAttribute('src', media.video);
    expect(video.querySelector('track')).toHaveAttribute('src', media.captions);
  });

  it('takes over from the stream where it stopped, playing if it played', async () => {
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const video = renderPlayer(STREAM) as HTMLVideoElement;
    await vi.waitFor(() => expect(playStream).toHaveBeenCalled());
    const play = vi.spyOn(video, 'play').mockResolvedValue();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
    video.currentTime = 754;
    act(() => vi.mocked(playStream).mock.calls[0]?.[2]());
    video.currentTime = 0;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(754);
    expect(play).toHaveBeenCalledOnce();
  });

  describe('on a slow link (the browser’s estimate under 1 Mbit/s, or less data asked for)', () => {
    const onLink = (connection: { downlink?: number; saveData?: boolean }) => {
      vi.stubGlobal('MediaSource', function MediaSource() {});
      vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection }));
    };

    it('plays the stream’s slow-link MP4, without hls.js', () => {
      onLink({ downlink: 0.4 });
      expect(renderPlayer(STREAM)).toHaveAttribute('src', media.slowLinkVideo);
      expect(playStream).not.toHaveBeenCalled();
    });

    it('plays the slow-link MP4 when less data is asked for, whatever the estimate', () => {
      onLink({ downlink: 10, saveData: true });
      expect(renderPlayer(STREAM)).toHaveAttribute('src', media.slowLinkVideo);
    });

    it('plays the stream made before there were slow-link MP4s, and a lesson without a stream as its MP4', async () => {
      onLink({ downlink: 0.4 });
      const streamed = renderPlayer(STREAM, { ...media, slowLinkVideo: null });
      expect(streamed).not.toHaveAttribute('src');
      await vi.waitFor(() => expect(playStream).toHaveBeenCalledWith(streamed, STREAM, expect.any(Function)));
      cleanup();
      expect(renderPlayer(null)).toHaveAttribute('src', media.video);
    });

    it('streams on a faster link', async () => {
      onLink({ downlink: 1.5 });
      const video = renderPlayer(STREAM);
      expect(video).not.toHaveAttribute('src');
      await vi.waitFor(() => expect(playStream).toHaveBeenCalled());
    });

    it('shows the video’s first frame instead of fetching its poster; a faster link shows the poster', () => {
      const withPoster = { ...media, poster: 'https://cdn.test/lessons/ab.jpg?token=1' };
      onLink({ downlink: 0.4 });
      expect(renderPlayer(null, withPoster)).not.toHaveAttribute('poster');
      cleanup();
      onLink({ downlink: 1.5 });
      expect(renderPlayer(null, withPoster)).toHaveAttribute('poster', withPoster.poster);
    });
  });
});
