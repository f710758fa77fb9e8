import { RetryNotice } from '@/components/retry-notice';
import type { LoadState } from '@/lib/use-load';

/** The words a section says before its list is there. */
interface PendingCopy {
  loading: string;
  loadFailed: string;
  tryAgain: string;
}

/** A studio section's list while it is read, or its failure with "Try again"; nothing once it is there. */
export function SectionPending({
  state,
  copy,
  onRetry,
}: {
  state: LoadState<unknown>;
  copy: PendingCopy;
  onRetry: () => void;
}) {
  if (state.status === 'loading') return <p className="mt-4 text-ink-soft">{copy.loading}</p>;
  if (state.status === 'failed') {
    return (
      <RetryNotice
        message={copy.loadFailed}
        retryLabel={copy.tryAgain}
        tone="danger"
        onRetry={onRetry}
        className="mt-4"
      />
    );
  }
  return null;
}
