import type { RefObject } from 'react';
import { PlayIcon } from '@/components/ui/icons';
import { courseCopy } from '@/content/course-page';

const copy = courseCopy.player;

/**
 * Over a lesson's player until it first plays: one large Play control, from the moment the player appears,
 * even before its files are signed. A tap is kept: it says "Starting…" until the video plays.
 */
export function PlayCover({
  title,
  starting,
  onStart,
  buttonRef,
}: {
  /** The lesson's title, in the control's name. */
  title: string;
  starting: boolean;
  onStart: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <div className="absolute inset-0 grid place-items-center bg-night/35">
      <div className="flex flex-col items-center gap-3">
        <button
          ref={buttonRef}
          type="button"
          aria-label={copy.play(title)}
          aria-disabled={starting}
          onClick={onStart}
          className="grid size-20 place-items-center rounded-full bg-accent text-ink shadow-card ring-4 ring-white/70 transition hover:scale-105 focus-visible:outline-offset-4 sm:size-24"
        >
          <PlayIcon className="ml-1 size-9 sm:size-10" />
        </button>
        <p aria-live="polite" className="min-h-6 font-semibold text-on-night drop-shadow">
          {starting ? copy.starting : ''}
        </p>
      </div>
    </div>
  );
}
