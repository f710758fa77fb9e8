import type { ComponentProps, RefObject } from 'react';
import { courseCopy } from '@/content/course-page';
import type { LessonMedia } from '../model/course-backend';

const copy = courseCopy.player;

function showCaptions(element: HTMLTrackElement | null) {
  if (element?.track) element.track.mode = 'showing';
}

type VideoEvents = Pick<
  ComponentProps<'video'>,
  'onError' | 'onLoadedMetadata' | 'onPlay' | 'onTimeUpdate' | 'onPause' | 'onEnded'
>;

/**
 * A lesson's native player: controls, inline on phones, no autoplay, its poster, and its captions showing.
 * `default` asks the browser to show the captions; setting the track's mode makes sure every browser does.
 */
export function CaptionedVideo({
  media,
  videoRef,
  labelledBy,
  ...events
}: VideoEvents & {
  media: LessonMedia;
  videoRef: RefObject<HTMLVideoElement | null>;
  labelledBy: string;
}) {
  return (
    <video
      ref={videoRef}
      className="size-full"
      controls
      playsInline
      preload="metadata"
      crossOrigin="anonymous"
      poster={media.poster ?? undefined}
      src={media.video}
      aria-labelledby={labelledBy}
      {...events}
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
