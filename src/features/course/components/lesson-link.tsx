import type * as React from 'react';
import { type Lesson, lessonSearch } from '../model/lesson';

/** A plain click is the page's to handle; a click meant for a new tab or window is the browser's. */
const opensElsewhere = (event: React.MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** A link to a lesson's own address (`?lesson=<slug>`) that shows it in place when clicked plainly. */
export function LessonLink({
  lesson,
  onChoose,
  ...props
}: Omit<React.ComponentProps<'a'>, 'href' | 'onClick'> & {
  lesson: Lesson;
  onChoose: (lesson: Lesson) => void;
}) {
  return (
    <a
      href={lessonSearch(lesson.slug)}
      onClick={(event) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        onChoose(lesson);
      }}
      {...props}
    />
  );
}
