import { useId, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { COURSE_PATH } from '@/content/course';
import { planCopy, planPrompts } from '@/content/plan';
import { planStore, usePlanAnswers } from '@/shared/plan-notes/plan-store';
import { useQuestionnaireState } from '@/shared/questionnaire/questionnaire-store';
import { useSiteWords } from '@/shared/site-words/site-words';
import { LensSection } from './lens-section';
import { PlanField } from './plan-field';

const noSubscription = () => () => undefined;
const today = () => new Intl.DateTimeFormat(planCopy.dateLocale, { dateStyle: 'long' }).format(new Date());
/** The prerendered page was built on another day: the date appears once hydrated, so both renders agree. */
const noDateYet = () => null;

/**
 * /course/plan: the learner's three-lenses plan, built in the browser from the questionnaire's answers, with the
 * owner's prompts (in her published words) to write on. Printed, it is one A4 page of the plan alone: no header, buttons or backgrounds.
 */
export function PlanPage() {
  const { answers } = useQuestionnaireState();
  const planAnswers = usePlanAnswers();
  const date = useSyncExternalStore(noSubscription, today, noDateYet);
  const firstStepId = useId();
  const firstStep = planCopy.firstStep.field;
  const firstStepPrompt = useSiteWords(planPrompts)[firstStep.word];
  const name = answers.name.trim();

  return (
    <>
      <PageHeader width="max-w-3xl" className="print:hidden">
        <a
          href={COURSE_PATH}
          className="inline-flex min-h-11 items-center font-semibold text-ink underline underline-offset-4"
        >
          {planCopy.backToCourse}
        </a>
      </PageHeader>
      <main
        data-print-sheet
        className="bg-paper px-5 pt-8 pb-16 sm:px-8 sm:pt-10 sm:pb-24 print:bg-transparent print:p-0"
      >
        <article className="mx-auto max-w-3xl">
          <h1 className="font-display text-title font-semibold tracking-tight print:text-[20pt]">
            {planCopy.title}
          </h1>
          <p className="mt-2 min-h-7 text-lg text-ink-muted print:mt-0.5 print:min-h-0 print:text-[11pt]">
            {date && planCopy.subtitle(name, date)}
          </p>
          <p className="mt-6 max-w-2xl leading-relaxed text-ink-soft print:hidden">{planCopy.intro}</p>
          <Button variant="dark" className="mt-6 print:hidden" onClick={() => window.print()}>
            {planCopy.print}
          </Button>
          {planCopy.lenses.map((lens) => (
            <LensSection
              key={lens.id}
              lens={lens}
              answers={answers}
              planAnswers={planAnswers}
              onAnswer={planStore.setAnswer}
            />
          ))}
          <section
            aria-labelledby={firstStepId}
            className="mt-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-8 print:mt-4 print:rounded-none print:p-0 print:shadow-none print:ring-0"
          >
            <h2
              id={firstStepId}
              className="font-display text-2xl font-semibold tracking-tight print:text-[14pt]"
            >
              {planCopy.firstStep.heading}
            </h2>
            <PlanField
              prompt={firstStepPrompt}
              value={planAnswers[firstStep.id] ?? ''}
              onChange={(text) => planStore.setAnswer(firstStep.id, text)}
            />
          </section>
        </article>
      </main>
    </>
  );
}
