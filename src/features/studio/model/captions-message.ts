import { studioLessonsCopy } from '@/content/studio-lessons';
import type { CaptionsProblem } from '@/lib/lesson-captions';

/** What the owner is told about captions that cannot be used, a lesson's or the teaser's. */
export function captionsMessage(problem: CaptionsProblem): string {
  const words = studioLessonsCopy.captionsProblems;
  switch (problem.kind) {
    case 'not-text':
      return words.notText;
    case 'no-cues':
      return words.noCues;
    case 'invalid-webvtt':
      return words.invalidWebVtt(problem.line, problem.detail);
    case 'invalid-srt':
      return words.invalidSrt(problem.line);
  }
}
