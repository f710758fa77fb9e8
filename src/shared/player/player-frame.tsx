import type { ReactNode } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { courseCopy } from '@/content/course-page';
import type { LoadState } from '@/lib/use-load';
import type { LessonMedia } from './lesson-media';

const copy = courseCopy.player;

/**
 * The player's 16:9 box on the night background: the video (`children`) once its files are signed, the words
 * "loading" before (or the `cover` laid over the box, which then speaks for it), and after a failure the notice
 * with Try again (`onRetry`), unless the screen gives its own `failed` words. `className` places the box, e.g.
 * `mt-4 shadow-card`.
 */
export function PlayerFrame({
  state,
  onRetry,
  failed,
  cover,
  className,
  children,
}: {
  state: LoadState<LessonMedia>;
  onRetry?: () => void;
  failed?: ReactNode;
  /** Over the box while loading and ready, e.g. the Play control before the first play. */
  cover?: ReactNode;
  className: string;
  children: (media: LessonMedia) => ReactNode;
}) {
  return (
    <div className={`relative aspect-video overflow-hidden rounded-card bg-night text-on-night ${className}`}>
      {state.status === 'ready' && children(state.value)}
      {state.status !== 'failed' && cover}
      {state.status === 'loading' && !cover && (
        <p className="grid size-full place-items-center p-4 text-center text-on-night-soft">{copy.loading}</p>
      )}
      {state.status === 'failed' &&
        (failed ??
          (onRetry && (
            <RetryNotice message={copy.failed} onRetry={onRetry} className="size-full justify-center p-6" />
          )))}
    </div>
  );
}
