import { Button, buttonVariants } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { courseCopy } from '@/content/course-page';
import type { Lesson } from '../model/lesson';
import type { EndOffer } from '../model/progress';
import { LessonLink } from './lesson-link';

const copy = courseCopy.player;

function NextLessonLink({ lesson, onChoose }: { lesson: Lesson; onChoose: (lesson: Lesson) => void }) {
  return (
    <LessonLink lesson={lesson} onChoose={onChoose} className={buttonVariants({ variant: 'dark' })}>
      {copy.nextLesson(lesson.title)}
      <ArrowRightIcon />
    </LessonLink>
  );
}

/**
 * What a lesson's end offers: the next lesson still to watch; after the last one with others unwatched, their
 * names and the first of them (not finished yet); with every lesson watched, the completion view.
 */
export function LessonEnd({
  offer,
  total,
  onChoose,
  onShowComplete,
}: {
  offer: EndOffer;
  total: number;
  onChoose: (lesson: Lesson) => void;
  onShowComplete: () => void;
}) {
  if (offer.kind === 'next') return <NextLessonLink lesson={offer.lesson} onChoose={onChoose} />;
  if (offer.kind === 'still-to-watch') {
    const [first] = offer.lessons;
    return (
      <div className="rounded-card border border-lens-3 bg-surface p-5">
        <h3 className="font-display text-xl font-semibold">
          {copy.stillToWatch.heading(offer.watched, total)}
        </h3>
        <p className="mt-1 text-ink-soft">
          {copy.stillToWatch.body(offer.lessons.map(({ title }) => title))}
        </p>
        {first && (
          <div className="mt-4">
            <NextLessonLink lesson={first} onChoose={onChoose} />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="rounded-card border border-lens-2 bg-surface p-5">
      <h3 className="font-display text-xl font-semibold">{courseCopy.complete.heading}</h3>
      <Button variant="dark" className="mt-4" onClick={onShowComplete}>
        {copy.seeCompletion}
        <ArrowRightIcon />
      </Button>
    </div>
  );
}
