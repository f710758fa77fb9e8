import { useId } from 'react';
import type { LensCopy } from '@/content/plan';
import { planCopy, planPrompts } from '@/content/plan';
import { useSiteWords } from '@/shared/site-words/site-words';
import { type LensAnswers, lensLine } from '../model/lens-lines';
import { PlanField } from './plan-field';

const lensDot = {
  trends: 'bg-lens-1',
  strengths: 'bg-lens-2',
  dreams: 'bg-lens-3',
} as const;

/**
 * One lens of the plan: what the learner said for it (or a way to say it), then the owner's prompts (a prompt she
 * left empty is not asked).
 */
export function LensSection({
  lens,
  answers,
  planAnswers,
  onAnswer,
}: {
  lens: LensCopy;
  answers: LensAnswers;
  planAnswers: Readonly<Record<string, string>>;
  onAnswer: (id: string, text: string) => void;
}) {
  const headingId = useId();
  const line = lensLine(lens, answers);
  const words = useSiteWords(planPrompts);
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-8 print:mt-4 print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <h2
        id={headingId}
        className="flex items-center gap-3 font-display text-2xl font-semibold tracking-tight print:text-[14pt]"
      >
        <span
          aria-hidden="true"
          className={`size-3 shrink-0 rounded-full print:hidden ${lensDot[lens.id]}`}
        />
        {lens.heading}
      </h2>
      {line ? (
        <p className="mt-3 text-lg leading-relaxed text-ink-soft print:mt-1 print:text-[11pt]">{line}</p>
      ) : (
        // Said on screen only: a printed plan is for keeping, not for what this device lacks.
        <p className="mt-3 leading-relaxed text-ink-soft print:hidden">
          {lens.missing}{' '}
          <a href="/" className="font-semibold text-link underline underline-offset-4">
            {planCopy.answerTheQuestions}
          </a>
        </p>
      )}
      {lens.prompts
        .filter((prompt) => words[prompt.word].trim())
        .map((prompt) => (
          <PlanField
            key={prompt.id}
            prompt={words[prompt.word]}
            value={planAnswers[prompt.id] ?? ''}
            onChange={(text) => onAnswer(prompt.id, text)}
          />
        ))}
    </section>
  );
}
