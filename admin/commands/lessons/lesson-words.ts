// What the lessons commands say of a lesson, and how they read one named on the command line.
import { InvalidArgumentError } from 'commander';
import { wholeNumber } from '../../admin-context.ts';
import type { LessonRef, ListedLesson } from '../../lessons-admin.ts';
import { LESSON_SLUG_PATTERN } from '../../../src/lib/lesson-slug.ts';
import { plural } from '../text-table.ts';

export const position = (what: string) => wholeNumber(what, { positive: true });

/** A lesson id ("3") or slug ("the-trends-lens"); a slug always has a letter, so the two never mix up. */
export function lessonRef(text: string): LessonRef {
  if (/^[1-9]\d*$/.test(text) && Number.isSafeInteger(Number(text))) return { id: Number(text) };
  if (LESSON_SLUG_PATTERN.test(text) && /[a-z]/.test(text)) return { slug: text };
  throw new InvalidArgumentError('ID|SLUG must be a lesson id (a number) or slug (like the-trends-lens).');
}

export const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function describeLesson(lesson: ListedLesson): string {
  return `lesson ${lesson.id} "${lesson.title}" (${lesson.slug}, order ${lesson.order_index}, ${minutes(lesson.duration_seconds)}, ${lesson.is_published ? 'published' : 'unpublished'}${lesson.is_preview ? ', free preview' : ''})`;
}

/** Whom the lesson speaks to, said after a change of its tags. */
export const speaksToNote = (lesson: ListedLesson) =>
  lesson.speaks_to.length === 0
    ? ' It speaks to everyone (no --for tags).'
    : ` It speaks to: ${lesson.speaks_to.join(', ')}.`;

export const FOR_HELP =
  'whom it speaks to, comma-separated: worries, age groups or strengths from the sign-up form, e.g. "AI taking over jobs, under25, Leadership"';

export const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

export const deletedNote = (paths: readonly string[]) =>
  paths.length === 0 ? '' : ` Deleted ${plural(paths.length, 'file')} no lesson uses: ${paths.join(', ')}.`;
