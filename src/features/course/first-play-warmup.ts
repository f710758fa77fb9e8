import { useEffect } from 'react';
import type { CourseOutline } from '@/shared/course-outline/outline';
import { onSlowLink } from '@/shared/player/slow-link';
import { lessonSlugIn } from './model/lesson';

/**
 * On a visit that came with the e-mail's link, the stream player's script is fetched while "Continue to your
 * course" shows, when the lesson the page will open (the address's `?lesson=`, else the first) streams on this
 * link (a slow one plays the stream's slow-link MP4, without that script): a tap on Play then waits for the
 * stream alone. (A free first lesson's files are signed with the outline's poster.)
 */
export function useFirstPlayWarmup(outline: CourseOutline, cameWithLink: boolean) {
  const named = cameWithLink ? lessonSlugIn(window.location.search) : null;
  const lesson = outline.lessons.find((each) => each.slug === named) ?? outline.lessons[0];
  const streams = cameWithLink && lesson?.streams === true && !onSlowLink();
  useEffect(() => {
    // Only a head start: the player loads it for itself if this could not.
    if (streams) import('@/shared/player/play-stream').catch(() => undefined);
  }, [streams]);
}
