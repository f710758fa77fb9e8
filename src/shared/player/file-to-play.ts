import type { LessonMedia } from './lesson-media';

/**
 * Whether this browser plays a stream through hls.js: Media Source Extensions (or Safari's Managed Media
 * Source). Browsers with only native HLS (iPhones before iOS 17.1) get the MP4: their player could not sign the
 * stream's private segments (docs/decisions/0140).
 */
const playsStreams = () =>
  typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

/**
 * The file a lesson's player opens: on a slow link its stream's slow-link MP4 (when it has one), else its MP4
 * unless it streams; null when it streams (through hls.js). A stream that failed leaves the MP4.
 */
export function fileToPlay(
  media: LessonMedia,
  stream: string | null,
  { slowLink, streamFailed }: { slowLink: boolean; streamFailed: boolean },
): string | null {
  if (stream === null) return media.video;
  if (slowLink && media.slowLinkVideo !== null) return media.slowLinkVideo;
  return streamFailed || !playsStreams() ? media.video : null;
}
