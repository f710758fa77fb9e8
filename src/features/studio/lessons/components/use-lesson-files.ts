import { useEffect, useRef, useState } from 'react';
import { PICTURE_HEAD_BYTES } from '@/lib/guide-rules';
import { captionsAsWebVtt } from '@/lib/lesson-captions';
import { captionsMessage } from '../../model/captions-message';
import type { LessonsBackend, VideoFacts } from '../model/lessons-backend';
import { posterKind } from '../model/lesson-files';
import type { PosterChoice } from './poster-picker';

export type VideoState =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'ready'; file: File; facts: VideoFacts; frameUrls: string[] }
  | { status: 'unreadable' };

export type CaptionsState =
  | { status: 'none' }
  | { status: 'ready'; vtt: string; converted: boolean }
  | { status: 'refused'; message: string };

/** A poster to store: its bytes, extension and type. */
export interface PosterFile {
  blob: Blob;
  extension: 'jpg' | 'png' | 'webp';
  contentType: string;
}

/** Every object address the form made, revoked when it is replaced or the form goes away. */
function useObjectUrls() {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const made = urls.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  return {
    make(blob: Blob) {
      const url = URL.createObjectURL(blob);
      urls.current.add(url);
      return url;
    },
    drop(...dropped: string[]) {
      for (const url of dropped) {
        URL.revokeObjectURL(url);
        urls.current.delete(url);
      }
    },
  };
}

/**
 * A lesson's files as the owner picks them: the video (its length and a few frames read on this device),
 * captions (SubRip converted here, refusals in words) and a poster (a frame, or a picture checked by its bytes).
 */
export function useLessonFiles(
  backend: LessonsBackend,
  /** Whether a picked video's middle frame becomes the poster until she chooses (a new lesson's). */
  framePosterFirst: boolean,
) {
  const objectUrls = useObjectUrls();
  const [video, setVideo] = useState<VideoState>({ status: 'none' });
  const [captions, setCaptions] = useState<CaptionsState>({ status: 'none' });
  const [poster, setPoster] = useState<PosterChoice | null>(null);
  const [pictureProblem, setPictureProblem] = useState(false);
  /** The latest video picked: a reading that a later pick (or clearing it) overtook is dropped. */
  const videoPicks = useRef(0);

  /** Reads the video picked; null clears the pick, and a poster chosen among its frames with it. */
  async function pickVideo(file: File | null) {
    const pick = ++videoPicks.current;
    if (video.status === 'ready') objectUrls.drop(...video.frameUrls);
    if (!file) {
      setVideo({ status: 'none' });
      if (poster?.kind === 'frame') setPoster(null);
      return;
    }
    setVideo({ status: 'reading' });
    try {
      const facts = await backend.inspectVideo(file);
      if (pick !== videoPicks.current) return;
      const frameUrls = facts.frames.map((frame) => objectUrls.make(frame));
      setVideo({ status: 'ready', file, facts, frameUrls });
      if (poster?.kind === 'frame' || (framePosterFirst && poster === null)) {
        setPoster(frameUrls.length > 0 ? { kind: 'frame', index: Math.floor(frameUrls.length / 2) } : null);
      }
    } catch (error) {
      console.error('Studio: the video could not be read.', error);
      if (pick === videoPicks.current) setVideo({ status: 'unreadable' });
    }
  }

  /** The latest captions picked, as for the video. */
  const captionsPicks = useRef(0);

  async function pickCaptions(file: File | null) {
    const pick = ++captionsPicks.current;
    if (!file) return setCaptions({ status: 'none' });
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (pick !== captionsPicks.current) return;
    const result = captionsAsWebVtt(bytes);
    setCaptions(
      result.ok
        ? { status: 'ready', vtt: result.vtt, converted: result.format === 'srt' }
        : { status: 'refused', message: captionsMessage(result.problem) },
    );
  }

  async function pickPicture(file: File) {
    const kind = posterKind(new Uint8Array(await file.slice(0, PICTURE_HEAD_BYTES).arrayBuffer()));
    setPictureProblem(kind === null);
    if (!kind) return;
    if (poster?.kind === 'picture') objectUrls.drop(poster.url);
    setPoster({ kind: 'picture', file, url: objectUrls.make(file), ...kind });
  }

  /** The poster's bytes and type, from the chosen frame (a JPEG drawn here) or the owner's picture. */
  function posterFile(): PosterFile | null {
    if (poster?.kind === 'picture') return { blob: poster.file, ...poster };
    const frame = poster && video.status === 'ready' ? video.facts.frames[poster.index] : undefined;
    return frame ? { blob: frame, extension: 'jpg', contentType: 'image/jpeg' } : null;
  }

  return {
    video,
    captions,
    poster,
    pictureProblem,
    pickVideo,
    pickCaptions,
    pickPicture,
    setPoster,
    posterFile,
  };
}

export type LessonFiles = ReturnType<typeof useLessonFiles>;
