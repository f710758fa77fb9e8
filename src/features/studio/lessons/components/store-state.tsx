import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { studioLessonsCopy } from '@/content/studio-lessons';
import type { FileStore } from './use-file-store';

const copy = studioLessonsCopy.add;

/** Where the storing of a form's files is, in words, with the video's progress while it uploads. */
export function StoreState({ store }: { store: FileStore }) {
  const { phase } = store;
  return (
    <>
      <p aria-live="polite" className="font-semibold empty:hidden">
        {phase.step === 'uploading' && (phase.paused ? copy.paused : copy.uploading)}
        {phase.step === 'storing' && copy.storingFiles}
        {phase.step === 'saving' && copy.saving}
      </p>
      {phase.step === 'uploading' && (
        <UploadProgress
          sent={phase.sent}
          total={phase.total}
          paused={phase.paused}
          onPause={store.pause}
          onResume={store.resume}
        />
      )}
    </>
  );
}

/** The video's upload as a bar with its numbers, and the way to pause it and go on later. */
function UploadProgress({
  sent,
  total,
  paused,
  onPause,
  onResume,
}: {
  sent: number;
  total: number;
  paused: boolean;
  onPause: () => void;
  onResume: () => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={id} className="sr-only">
        {copy.uploading}
      </p>
      <progress
        aria-labelledby={id}
        aria-describedby={`${id}-numbers`}
        value={sent}
        max={Math.max(total, 1)}
        className="h-3 w-full overflow-hidden rounded-full accent-ink"
      />
      <p id={`${id}-numbers`} className="text-sm text-ink-soft">
        {copy.uploadProgress(sent, total)}
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={paused ? onResume : onPause}>
          {paused ? copy.resume : copy.pause}
        </Button>
      </div>
    </div>
  );
}
