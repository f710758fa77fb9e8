import { type ReactNode, type RefObject, useId } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { PLAN_PATH } from '@/content/course';
import { courseNextStep } from '@/content/course-next-step';
import { courseCopy } from '@/content/course-page';
import { useSiteWords } from '@/shared/site-words/site-words';
import type { Lesson } from '../model/lesson';
import { PlanLink } from './plan-link';

const copy = courseCopy.complete;

/** Three overlapping lenses, the brand's mark grown into a celebration; decorative. */
function Lenses() {
  return (
    <span aria-hidden="true" className="flex -space-x-4">
      <span className="size-14 rounded-full bg-lens-3/90 ring-4 ring-night" />
      <span className="size-14 rounded-full bg-lens-2/90 ring-4 ring-night" />
      <span className="size-14 rounded-full bg-lens-1/90 ring-4 ring-night" />
    </span>
  );
}

const cardClass = 'mt-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-8';

/** One of the cards under the celebration: a section named by its heading, or a plain box for a part with its own. */
function Card({ heading, children }: { heading?: string; children: ReactNode }) {
  const id = useId();
  if (heading === undefined) return <div className={cardClass}>{children}</div>;
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h3 id={id} className="font-display text-xl font-semibold tracking-tight">
        {heading}
      </h3>
      {children}
    </section>
  );
}

/**
 * Every published lesson watched: the celebration, any lesson published since (her finish stays), her
 * certificate, the owner's next step (in the owner's words, content/course-next-step.ts as shipped) with the way
 * to the learner's plan, and the one question. It is what /course opens at for a finished learner, on every device.
 */
export function CourseComplete({
  total,
  headingRef,
  newLessons,
  onChoose,
  certificate,
  feedback,
}: {
  /** The published lessons, the new ones included. */
  total: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Lessons not watched yet: published after she finished. */
  newLessons: readonly Lesson[];
  onChoose: (lesson: Lesson) => void;
  certificate: ReactNode;
  /** The one question, wired to the back end by the page. */
  feedback: ReactNode;
}) {
  const headingId = useId();
  const nextStep = useSiteWords(courseNextStep);
  return (
    <section aria-labelledby={headingId}>
      <div className="relative overflow-hidden rounded-card bg-night p-6 text-on-night shadow-card sm:p-10">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-0 bg-[radial-gradient(circle_at_85%_0%,#2d2670_0,transparent_55%),radial-gradient(circle_at_0%_100%,#0f4f4a_0,transparent_50%)]"
        />
        <div className="relative">
          <Lenses />
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="mt-6 font-display text-3xl font-semibold tracking-tight sm:text-4xl"
          >
            {copy.heading}
          </h2>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-on-night-soft">
            {copy.body(total - newLessons.length)}
          </p>
        </div>
      </div>
      {newLessons.length > 0 && (
        <Card heading={copy.newLessonsHeading}>
          <ul className="mt-4 flex flex-wrap gap-3">
            {newLessons.map((lesson) => (
              <li key={lesson.slug}>
                <Button variant="accent" onClick={() => onChoose(lesson)}>
                  {copy.newLesson(lesson.title)}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card>{certificate}</Card>
      <Card heading={nextStep['nextStep.heading']}>
        <p className="mt-2 max-w-2xl leading-relaxed text-ink-soft">{nextStep['nextStep.text']}</p>
        <a href={nextStep['nextStep.url']} className={buttonVariants({ variant: 'dark', className: 'mt-5' })}>
          {nextStep['nextStep.buttonLabel']}
        </a>
        {nextStep['nextStep.url'] !== PLAN_PATH && (
          <p className="mt-4">
            <PlanLink />
          </p>
        )}
      </Card>
      <Card>{feedback}</Card>
      <p className="mt-6 text-ink-soft">{copy.rewatch}</p>
    </section>
  );
}
