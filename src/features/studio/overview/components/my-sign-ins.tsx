import { useCallback } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { studioOverviewCopy } from '@/content/studio-overview';
import { useLoad } from '@/lib/use-load';
import type { SignIn } from '../api/load-my-sign-ins';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.mySignIns;

/** The owner's own last sign-ins, so that one she did not make stands out. */
export function MySignIns({ load }: { load: () => Promise<SignIn[]> }) {
  const signIns = useLoad(
    useCallback(() => load(), [load]),
    'Studio: the owner’s sign-ins could not be read.',
  );
  const { state } = signIns;
  return (
    <div className="mt-6">
      <OverviewCard heading={copy.heading}>
        <p className="mt-2 text-ink-soft">{copy.intro}</p>
        <div className="mt-4" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' && <p className="text-ink-soft">{copy.loading}</p>}
          {state.status === 'failed' && (
            <RetryNotice
              message={copy.failed}
              retryLabel={studioOverviewCopy.tryAgain}
              onRetry={signIns.retry}
            />
          )}
          {state.status === 'ready' &&
            (state.value.length === 0 ? (
              <p className="text-ink-soft">{copy.none}</p>
            ) : (
              <ol className="grid gap-1">
                {state.value.map((signIn) => (
                  <li key={signIn.at.toISOString()}>{copy.entry(signIn.at, signIn.method)}</li>
                ))}
              </ol>
            ))}
        </div>
      </OverviewCard>
    </div>
  );
}
