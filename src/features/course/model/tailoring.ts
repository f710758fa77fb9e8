/**
 * The course tailored on the device: which lessons speak to what the visitor answered (their worries, age
 * group and strengths, read from this device's storage and never sent), and one line that echoes their own
 * words back with where to start. The lessons' tags (`speaks_to`) are public and say nothing about anyone.
 */
import type { AgeGroupId } from '@/content/signup';

/** The answers that tailor the course; the dream is not a tag (it fills the plan). */
export interface TailoringAnswers {
  ageGroup: AgeGroupId | null;
  worries: readonly string[];
  strengths: readonly string[];
}

interface TaggedLesson {
  slug: string;
  speaksTo: readonly string[];
}

/** The line that echoes one answer: what the visitor said and the lesson (1-based) that takes it up. */
type TailoringEcho =
  | { kind: 'worry'; said: string; lessonNumber: number }
  | { kind: 'strength'; said: string; lessonNumber: number };

export interface Tailoring {
  /** The slugs of the lessons that speak to at least one answer. */
  picked: ReadonlySet<string>;
  echo: TailoringEcho | null;
}

export function hasTailoringAnswers(answers: TailoringAnswers): boolean {
  return answers.ageGroup !== null || answers.worries.length > 0 || answers.strengths.length > 0;
}

/** The number of the first lesson that speaks to an answer, or null. */
function firstLessonFor(lessons: readonly TaggedLesson[], answer: string): number | null {
  const index = lessons.findIndex((lesson) => lesson.speaksTo.includes(answer));
  return index < 0 ? null : index + 1;
}

/**
 * The lessons picked for these answers, and the echo: the first worry (in the order the visitor chose them)
 * that a lesson speaks to, else the first such strength; null when no lesson speaks to either.
 */
export function tailorCourse(lessons: readonly TaggedLesson[], answers: TailoringAnswers): Tailoring {
  const said = new Set<string>([...answers.worries, ...answers.strengths]);
  if (answers.ageGroup) said.add(answers.ageGroup);
  const picked = new Set(
    lessons.filter((lesson) => lesson.speaksTo.some((tag) => said.has(tag))).map((lesson) => lesson.slug),
  );
  for (const [kind, list] of [
    ['worry', answers.worries],
    ['strength', answers.strengths],
  ] as const) {
    for (const answer of list) {
      const lessonNumber = firstLessonFor(lessons, answer);
      if (lessonNumber !== null) return { picked, echo: { kind, said: answer, lessonNumber } };
    }
  }
  return { picked, echo: null };
}

/**
 * An option's label as it reads inside a sentence: "Climate change" → "climate change", while a label that
 * starts with an acronym ("AI taking over jobs") keeps its capitals.
 */
export function inSentence(label: string): string {
  const [first = '', second = ''] = label;
  if (second !== second.toLowerCase()) return label;
  return first.toLowerCase() + label.slice(1);
}
