import { buttonVariants } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { courseCopy } from '@/content/course-page';
import type { Lesson } from '../model/lesson';
import { LessonLink } from './lesson-link';

const copy = courseCopy.player;

/** What a lesson's end offers: the next lesson, or, after the last one, the course finished. */
export function LessonEnd({
  next,
  onChoose,
  watched,
  total,
}: {
  next: Lesson | undefined;
  onChoose: (lesson: Lesson) => void;
  watched: number;
  total: number;
}) {
  if (next) {
    return (
      <LessonLink lesson={next} onChoose={onChoose} className={buttonVariants({ variant: 'dark' })}>
        {copy.nextLesson(next.title)}
        <ArrowRightIcon />
      </LessonLink>
    );
  }
  return (
    <div className="rounded-card border border-lens-2 bg-surface p-5">
      <h3 className="font-display text-xl font-semibold">{copy.finished.heading}</h3>
      <p className="mt-1 text-ink-soft">{copy.finished.body(watched, total)}</p>
    </div>
  );
}
