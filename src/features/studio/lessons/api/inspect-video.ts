/**
 * A picked video read on this device, before anything is uploaded: its length from the browser's own player
 * (so a file the browser cannot play is refused here), and a few frames drawn on a canvas as poster choices.
 */
import type { VideoFacts } from '../model/lessons-backend';

/** Where the poster choices are taken, as parts of the video's length (not its first or last frame). */
const FRAME_AT = [0.1, 0.3, 0.5, 0.7, 0.9];
/** Posters wider than this gain nothing on a course page and cost learners bytes. */
const MAX_FRAME_WIDTH = 1280;

function once(video: HTMLVideoElement, event: 'loadedmetadata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      video.removeEventListener(event, done);
      reject(new Error('The browser cannot read this video.'));
    };
    video.addEventListener(event, done, { once: true });
    video.addEventListener('error', failed, { once: true });
  });
}

function drawFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
}

export async function inspectVideo(file: File): Promise<VideoFacts> {
  const address = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadedmetadata');
    video.src = address;
    await loaded;
    const { duration } = video;
    if (!Number.isFinite(duration) || duration <= 0) throw new Error('The video has no length.');
    const frames: Blob[] = [];
    if (video.videoWidth > 0) {
      for (const part of FRAME_AT) {
        const seeked = once(video, 'seeked');
        video.currentTime = duration * part;
        await seeked;
        const frame = await drawFrame(video);
        if (frame) frames.push(frame);
      }
    }
    return { durationSeconds: Math.max(1, Math.round(duration)), frames };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(address);
  }
}
