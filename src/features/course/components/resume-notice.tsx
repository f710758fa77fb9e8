import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';
import { lessonLength } from '@/shared/course-outline/outline';

const copy = courseCopy.player;

/** Said when a lesson opens where the learner left it, with the way back to its start. */
export function ResumeNotice({ fromSeconds, onStartOver }: { fromSeconds: number; onStartOver: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="text-ink-soft">{copy.resuming(lessonLength(fromSeconds).clock)}</p>
      <Button variant="outline" size="sm" onClick={onStartOver}>
        {copy.startOver}
      </Button>
    </div>
  );
}
