/**
 * The files of a lesson's stream folder that the server's pipeline writes and the player asks for by name
 * (docs/decisions/0140): the master playlist, and the lowest rung as one faststart MP4 for a phone whose
 * link could not climb past that rung anyway.
 */
export const MASTER_PLAYLIST = 'master.m3u8';
export const SLOW_LINK_VIDEO = 'slow-link.mp4';

/** The slow-link video beside a stream's master playlist (`lessons.stream_path`). */
export function slowLinkVideoPath(streamPath: string): string {
  return `${streamPath.slice(0, streamPath.lastIndexOf('/') + 1)}${SLOW_LINK_VIDEO}`;
}
