import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** What a confirmation asks, says, and its two answers. */
export interface ConfirmWords {
  title: string;
  description: string;
  confirm: string;
  cancel: string;
  close: string;
}

/**
 * Asked before a change the owner should see the cost of (the last free preview, a lesson deleted for good):
 * it says what happens, and nothing changes unless she goes ahead.
 */
export function ConfirmDialog({
  words,
  onAnswer,
}: {
  words: ConfirmWords;
  onAnswer: (goAhead: boolean) => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
    >
      <DialogContent closeLabel={words.close} className="sm:max-w-lg">
        <DialogTitle className="pr-12 font-display text-2xl font-bold break-words text-ink">
          {words.title}
        </DialogTitle>
        <DialogDescription className="mt-3 text-ink-soft">{words.description}</DialogDescription>
        <div className="mt-6 flex flex-wrap gap-3 pb-6 sm:pb-0">
          <Button variant="dark" onClick={() => onAnswer(true)}>
            {words.confirm}
          </Button>
          <Button variant="outline" onClick={() => onAnswer(false)}>
            {words.cancel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
