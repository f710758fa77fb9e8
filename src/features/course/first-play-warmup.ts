import { useEffect } from 'react';
import type { CourseOutline, OutlineLesson } from '@/shared/course-outline/outline';
import { fileToPlay } from '@/shared/player/file-to-play';
import { loadAhead } from '@/shared/player/load-ahead';
import { signPreviewMedia } from '@/shared/player/sign-preview-media';
import { onSlowLink, wantsLessData } from '@/shared/player/slow-link';
import { lessonSlugIn } from './model/lesson';

/** The file the player will open on a slow link for a free lesson, signed now (the outline signed most of it). */
async function firstFile(preview: NonNullable<OutlineLesson['preview']>) {
  const media = await signPreviewMedia(preview);
  return fileToPlay(media, preview.streamPath, { slowLink: true, streamFailed: false });
}

/**
 * On a visit that came with the e-mail's link, what the first play needs is fetched while "Continue to your
 * course" shows, for the lesson the page will open (the address's `?lesson=`, else the first):
 * - when it streams on this link, the stream player's script (a slow link plays the stream's slow-link MP4,
 *   without that script), so a tap on Play waits for the stream alone;
 * - on a slow link, when it is a free preview (whose files anyone may sign), the start of the file it plays
 *   (../../shared/player/load-ahead.ts): that file then travels while the tap signs her in and the page reads her
 *   lessons, rather than after. A visitor who asked her browser for less data is spared it.
 */
export function useFirstPlayWarmup(outline: CourseOutline, cameWithLink: boolean) {
  const named = cameWithLink ? lessonSlugIn(window.location.search) : null;
  const lesson = outline.lessons.find((each) => each.slug === named) ?? outline.lessons[0];
  const streams = cameWithLink && lesson?.streams === true && !onSlowLink();
  useEffect(() => {
    // Only a head start: the player loads it for itself if this could not.
    if (streams) import('@/shared/player/play-stream').catch(() => undefined);
  }, [streams]);

  const preview = cameWithLink && onSlowLink() && !wantsLessData() ? (lesson?.preview ?? null) : null;
  const { videoPath, captionsPath, posterPath, streamPath } = preview ?? {};
  useEffect(() => {
    if (videoPath === undefined) return;
    let stop: (() => void) | undefined;
    let current = true;
    const files = { videoPath, captionsPath: captionsPath ?? null, posterPath: posterPath ?? null };
    firstFile({ ...files, streamPath: streamPath ?? null }).then(
      (file) => {
        if (current && file !== null) stop = loadAhead(file);
      },
      // Only a head start: the player signs its files for itself.
      () => undefined,
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [videoPath, captionsPath, posterPath, streamPath]);
}
