import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react';
import { courseCopy } from '@/content/course-page';
import { fileToPlay } from './file-to-play';
import type { LessonMedia } from './lesson-media';
import { onSlowLink } from './slow-link';

const copy = courseCopy.player;

function showCaptions(element: HTMLTrackElement | null) {
  if (element?.track) element.track.mode = 'showing';
}

type VideoEvents = Pick<
  ComponentProps<'video'>,
  'onError' | 'onLoadedMetadata' | 'onPlay' | 'onPlaying' | 'onTimeUpdate' | 'onPause' | 'onEnded'
>;

/**
 * A lesson's native player: controls, inline on phones, no autoplay, its poster, and its captions showing.
 * `default` asks the browser to show the captions; setting the track's mode makes sure every browser does.
 * A lesson with an adaptive stream plays it through hls.js, loaded only then; should the stream fail, the
 * MP4 takes over. On a slow link the stream's slow-link MP4 plays instead, when it has one, and the video's first
 * frame stands for its poster (./slow-link.ts).
 */
export function CaptionedVideo({
  media,
  stream,
  videoRef,
  labelledBy,
  controls = true,
  ...events
}: VideoEvents & {
  media: LessonMedia;
  /** The browser's own controls; off while a cover's Play control stands in for them. */
  controls?: boolean;
  /** The master playlist of the lesson's adaptive stream, a path in the bucket `course`; null: the MP4. */
  stream: string | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  labelledBy: string;
}) {
  const [streamFailed, setStreamFailed] = useState(false);
  // Judged once per player: a change of the link's estimate mid-lesson must not swap the file under her.
  const [slowLink] = useState(onSlowLink);
  const file = fileToPlay(media, stream, { slowLink, streamFailed });
  const streaming = file === null;
  /** Where the stream was, and whether it played, when it failed: the MP4 takes over from there. */
  const takeOver = useRef<{ at: number; playing: boolean } | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!streaming || stream === null || !video) return;
    let stop: (() => void) | undefined;
    let current = true;
    const failed = () => {
      takeOver.current = { at: video.currentTime, playing: !video.paused };
      setStreamFailed(true);
    };
    import('./play-stream').then(
      ({ playStream }) => {
        if (current) stop = playStream(video, stream, failed);
      },
      (error: unknown) => {
        console.error('Course: the stream player could not load.', error);
        if (current) failed();
      },
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [streaming, stream, videoRef]);

  return (
    <video
      ref={videoRef}
      className="size-full"
      controls={controls}
      playsInline
      preload="metadata"
      crossOrigin="anonymous"
      poster={(!slowLink && media.poster) || undefined}
      src={file ?? undefined}
      aria-labelledby={labelledBy}
      {...events}
      onLoadedMetadata={(event) => {
        const from = takeOver.current;
        if (from && !streaming) {
          takeOver.current = null;
          event.currentTarget.currentTime = from.at;
          if (from.playing) event.currentTarget.play().catch(() => undefined);
        }
        events.onLoadedMetadata?.(event);
      }}
    >
      {media.captions && (
        <track
          kind="captions"
          src={media.captions}
          srcLang={copy.captionsLanguage}
          label={copy.captionsLabel}
          default
          ref={showCaptions}
        />
      )}
    </video>
  );
}
