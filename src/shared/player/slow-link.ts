/** What the Network Information API tells of the link (Chromium's browsers have it; the others do not). */
interface NetworkInformation {
  /** The browser's estimate of the link's speed, in Mbit/s. */
  downlink?: number;
  /** The person asked their browser to use less data. */
  saveData?: boolean;
}

/**
 * Below this estimate (Mbit/s) a lesson's stream could not climb past its lowest rung (228 kbit/s with its sound;
 * the next needs 614), so its slow-link MP4 (that rung as one file) loses nothing.
 */
const SLOW_LINK_MBPS = 1;

/**
 * Whether the page keeps the link for the lesson itself: on a link the browser knows to be slow, or when the
 * person asked for less data. A streamed lesson then plays its slow-link MP4 rather than its stream: the MP4 starts
 * from its first bytes; the stream would first fetch its player's script (about 95 KB) and three playlists, each
 * signed, which on such a link takes seconds. And no poster is fetched that the page does not already have: the
 * video's own first frame shows instead, and a poster of 20 to 70 KB would share the link with it.
 */
export function onSlowLink(): boolean {
  if (wantsLessData()) return true;
  const downlink = connection()?.downlink;
  return downlink !== undefined && downlink < SLOW_LINK_MBPS;
}

/** Whether the person asked their browser to use less data: nothing is fetched ahead of her asking. */
export function wantsLessData(): boolean {
  return connection()?.saveData === true;
}

function connection(): NetworkInformation | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}
