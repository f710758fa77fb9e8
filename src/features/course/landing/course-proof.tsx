import { heroCopy } from '@/content/hero';
import { useSiteWords } from '@/shared/site-words/site-words';
import { outlineTotalSeconds, roundedMinutes } from '@/shared/course-outline/outline';
import { landingOutline, type OutlineStore, useOutlineState } from '@/shared/course-outline/outline-store';

/** What the seeded lessons add up to: the length the page is prerendered with. */
const SEEDED_SECONDS = __SEEDED_LESSON_SECONDS__.reduce((total, seconds) => total + seconds, 0);

/**
 * The hero's proof line with the course's length: prerendered from the seeded lessons, then from the published
 * lessons themselves once the outline has loaded.
 */
export function CourseProof({ store = landingOutline }: { store?: OutlineStore }) {
  const state = useOutlineState(store);
  const proof = useSiteWords()['hero.proof'];
  const seconds = state.status === 'ready' ? outlineTotalSeconds(state.outline.lessons) : SEEDED_SECONDS;
  return `${heroCopy.courseLength(roundedMinutes(seconds))} ${proof}`;
}
