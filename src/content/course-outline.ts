/**
 * The words for the course's public outline, shared by the landing page and /course; kept apart from
 * course-page.ts so the landing page does not load the course page's copy.
 */
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const courseOutlineCopy = {
  /** The outline's length at a glance, e.g. "5 lessons · 4 min". */
  summary: (lessonCount: number, minutes: number) => `${plural(lessonCount, 'lesson')} · ${minutes} min`,
  /** The same, as a screen reader says it. */
  spokenSummary: (lessonCount: number, minutes: number) =>
    `${plural(lessonCount, 'lesson')}, ${plural(minutes, 'minute')} in all`,
  /** What a screen reader says for a duration shown as 1:05. */
  spokenDuration: (minutes: number, seconds: number) =>
    [
      minutes > 0 ? plural(minutes, 'minute') : '',
      seconds > 0 || minutes === 0 ? plural(seconds, 'second') : '',
    ]
      .filter(Boolean)
      .join(' '),
} as const;
