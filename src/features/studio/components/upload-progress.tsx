import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { studioUploadsCopy as copy } from '@/content/studio-uploads';

/** A video's upload as a bar with its numbers, and the way to pause it and go on later. */
export function UploadProgress({
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
