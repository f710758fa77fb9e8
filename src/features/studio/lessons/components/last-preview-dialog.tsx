import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { studioLessonsCopy } from '@/content/studio-lessons';

const copy = studioLessonsCopy.lastPreview;

/**
 * Asked before a change that leaves the course with no published free preview: it says what visitors lose,
 * and nothing changes unless the owner goes ahead.
 */
export function LastPreviewDialog({
  title,
  position,
  onAnswer,
}: {
  /** The lesson that is the last free preview, and its place in the course. */
  title: string;
  position: number;
  onAnswer: (goAhead: boolean) => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
    >
      <DialogContent closeLabel={copy.close} className="sm:max-w-lg">
        <DialogTitle className="pr-12 font-display text-2xl font-bold text-ink">{copy.title}</DialogTitle>
        <DialogDescription className="mt-3 text-ink-soft">
          {copy.description(title, position)}
        </DialogDescription>
        <div className="mt-6 flex flex-wrap gap-3 pb-6 sm:pb-0">
          <Button variant="dark" onClick={() => onAnswer(true)}>
            {copy.confirm}
          </Button>
          <Button variant="outline" onClick={() => onAnswer(false)}>
            {copy.cancel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
