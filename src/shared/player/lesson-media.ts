/** Time-limited addresses of one lesson's files, as the player plays them. */
export interface LessonMedia {
  video: string;
  captions: string | null;
  poster: string | null;
  /** A streamed lesson's lowest rung as one MP4, for a slow link (./slow-link.ts); null without one. */
  slowLinkVideo: string | null;
}
