import { useEffect, useState } from 'react';
import type { CourseOutline } from '@/shared/course-outline/outline';
import { fileToPlay } from '@/shared/player/file-to-play';
import { loadAhead } from '@/shared/player/load-ahead';
import { onSlowLink, wantsLessData } from '@/shared/player/slow-link';
import type { CourseContentBackend } from './model/course-backend';
import { lessonSlugIn } from './model/lesson';

/**
 * What a visit with the e-mail's link fetches ahead, judged once: a later change of the link's estimate starts or
 * stops nothing.
 */
interface Visit {
  /** The lesson the address names (`?lesson=`), if any. */
  named: string | null;
  slowLink: boolean;
  lessData: boolean;
}

/**
 * On a visit that came with the e-mail's link, what the first play needs is fetched while "Continue to your
 * course" shows, for the lesson the address names, else the first (a new learner's; a returning one may open
 * another, whose player then takes the link back):
 * - when it streams on this link, the stream player's script (a slow link plays the stream's slow-link MP4,
 *   without that script), so a tap on Play waits for the stream alone;
 * - on a slow link, the start of the file it plays (../../shared/player/load-ahead.ts), its files signed as the
 *   outline names them: at once when it is a free preview (whose files anyone may sign), so that the file travels
 *   while the tap signs her in and the page reads her lessons, rather than after; else the moment she is signed in,
 *   beside the read of her lessons. Its player shares that signing and that download when it opens the lesson:
 *   sign-course-files.ts gives the same paths the same addresses within a minute. A visitor who asked her browser
 *   for less data is spared it.
 */
export function useFirstPlayWarmup(
  outline: CourseOutline,
  { cameWithLink, signedIn }: { cameWithLink: boolean; signedIn: boolean },
  signOutlineFiles: CourseContentBackend['signOutlineFiles'],
) {
  const [visit, setVisit] = useState<Visit | null>(null);
  if (cameWithLink && visit === null)
    setVisit({
      named: lessonSlugIn(window.location.search),
      slowLink: onSlowLink(),
      lessData: wantsLessData(),
    });
  const lesson = outline.lessons.find((each) => each.slug === visit?.named) ?? outline.lessons[0];
  const streams = visit !== null && !visit.slowLink && lesson?.streams === true;
  useEffect(() => {
    // Only a head start: the player loads it for itself if this could not.
    if (streams) import('@/shared/player/play-stream').catch(() => undefined);
  }, [streams]);

  const signable = signedIn ? lesson?.files : lesson?.preview;
  const files = visit?.slowLink === true && !visit.lessData ? (signable ?? null) : null;
  const { videoPath, captionsPath, posterPath, streamPath } = files ?? {};
  useEffect(() => {
    if (videoPath === undefined) return;
    let stop: (() => void) | undefined;
    let current = true;
    signOutlineFiles({
      videoPath,
      captionsPath: captionsPath ?? null,
      posterPath: posterPath ?? null,
      streamPath: streamPath ?? null,
    }).then(
      (media) => {
        const file = fileToPlay(media, streamPath ?? null, { slowLink: true, streamFailed: false });
        if (current && file !== null) stop = loadAhead(file);
      },
      // Only a head start: the player signs its files for itself.
      () => undefined,
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [signOutlineFiles, videoPath, captionsPath, posterPath, streamPath]);
}
