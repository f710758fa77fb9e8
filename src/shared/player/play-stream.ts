// A lesson's adaptive stream in a browser with Media Source Extensions, by hls.js; loaded only when one plays.
import Hls from 'hls.js/light';
import { createStreamSigner, pathInCourseBucket } from './stream-signer';
import { signCourseFiles } from './sign-course-files';

/** Before Play, one segment is fetched (the first frame is then at hand); once playing, half a minute ahead. */
const BUFFER_BEFORE_PLAY_SECONDS = 4;
const BUFFER_PLAYING_SECONDS = 30;

/**
 * Plays the stream whose master playlist is `playlist` (a path in the bucket `course`) in `video`, starting at
 * the lowest rendition and adapting. Every playlist, init file and segment is fetched at a signed address:
 * each playlist's files are signed together as it arrives. Calls `onFatal` when hls.js gives up; answers a
 * function that stops it.
 */
export function playStream(video: HTMLVideoElement, playlist: string, onFatal: () => void): () => void {
  const signer = createStreamSigner(signCourseFiles);
  const hls = new Hls({
    startLevel: 0,
    // fMP4 segments need no transmuxing, and a worker from a blob: address is what the page's CSP forbids.
    enableWorker: false,
    capLevelToPlayerSize: true,
    maxBufferLength: BUFFER_BEFORE_PLAY_SECONDS,
    xhrSetup: async (xhr, address) => {
      xhr.open('GET', await signer.address(pathInCourseBucket(address)), true);
    },
  });
  const onPlaying = () => {
    hls.config.maxBufferLength = BUFFER_PLAYING_SECONDS;
  };
  video.addEventListener('playing', onPlaying, { once: true });
  hls.on(Hls.Events.MANIFEST_LOADED, (_event, { levels }) =>
    signer.prepare(levels.map((level) => pathInCourseBucket(level.url))),
  );
  hls.on(Hls.Events.LEVEL_LOADED, (_event, { details }) =>
    signer.prepare(
      details.fragments.flatMap((fragment) =>
        [fragment.url, fragment.initSegment?.url]
          .filter((address) => address !== undefined)
          .map(pathInCourseBucket),
      ),
    ),
  );
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    console.error('Course: the adaptive stream stopped.', data.details, data.error);
    onFatal();
  });
  let stopped = false;
  signer.address(playlist).then(
    (address) => {
      // Another lesson may have been chosen while the playlist was being signed.
      if (stopped) return;
      hls.loadSource(address);
      hls.attachMedia(video);
    },
    (error: unknown) => {
      if (stopped) return;
      console.error('Course: the stream could not be signed.', error);
      onFatal();
    },
  );
  return () => {
    stopped = true;
    video.removeEventListener('playing', onPlaying);
    hls.destroy();
  };
}
