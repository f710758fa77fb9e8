import { useId, useState } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { useLoad } from '@/lib/use-load';

/** The words of one consent: what is asked, what it means, and what is said after each answer. */
export type ConsentCopy = Record<'label' | 'details' | 'on' | 'off' | 'loadFailed' | 'saveFailed', string>;

/** `saved`: the answer this page just stored (said in the live region); null until one is. */
interface Ready {
  given: boolean;
  saving: boolean;
  saved: boolean | null;
  saveFailed: boolean;
}

/**
 * One of the learner's consents on /course ("E-mail me if I pause for a week", "E-mail me when new lessons are
 * added", "Keep my answers and plan with my account"), off until she turns it on. Each change is stored at once with the words shown here; a change that
 * fails is undone on screen and said. `load` and `save` reach the back end, so a test passes fakes.
 */
export function ConsentCheckbox({
  copy,
  load,
  save,
}: {
  copy: ConsentCopy;
  load: () => Promise<boolean>;
  save: (given: boolean) => Promise<void>;
}) {
  const id = useId();
  const stored = useLoad(load);
  // The learner's change since it was read: null until they make one.
  const [changed, setChanged] = useState<Ready | null>(null);

  if (stored.state.status === 'failed')
    return <RetryNotice message={copy.loadFailed} onRetry={stored.retry} />;

  const ready =
    changed ??
    (stored.state.status === 'ready'
      ? { given: stored.state.value, saving: false, saved: null, saveFailed: false }
      : null);
  async function change(given: boolean) {
    setChanged({ given, saving: true, saved: null, saveFailed: false });
    try {
      await save(given);
      setChanged({ given, saving: false, saved: given, saveFailed: false });
    } catch {
      setChanged({ given: !given, saving: false, saved: null, saveFailed: true });
    }
  }

  const status = ready?.saveFailed
    ? copy.saveFailed
    : ready?.saved === null
      ? ''
      : ready?.saved
        ? copy.on
        : copy.off;
  return (
    <div className="mt-6 rounded-2xl border border-ink/15 bg-surface p-4">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-box`}
          type="checkbox"
          checked={ready?.given ?? false}
          disabled={!ready || ready.saving}
          aria-describedby={`${id}-details`}
          onChange={(event) => void change(event.target.checked)}
          className="mt-0.5 size-6 shrink-0 cursor-pointer accent-link disabled:cursor-wait"
        />
        <label htmlFor={`${id}-box`} className="cursor-pointer font-semibold text-ink">
          {copy.label}
        </label>
      </div>
      <p id={`${id}-details`} className="mt-2 text-sm text-ink-soft">
        {copy.details}
      </p>
      <p
        role="status"
        aria-live="polite"
        className={`mt-2 text-sm empty:hidden ${ready?.saveFailed ? 'font-semibold text-red-700' : 'text-ink-soft'}`}
      >
        {status}
      </p>
    </div>
  );
}
