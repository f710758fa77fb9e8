import { useCallback } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { studioAnnouncementsCopy } from '@/content/studio-announcements';
import { studioOverviewCopy } from '@/content/studio-overview';
import { useLoad } from '@/lib/use-load';
import { type Announcements, announcementTotals } from '../../announcements/model/announcements-backend';
import { OverviewCard } from './overview-card';

const copy = studioAnnouncementsCopy.totals;

/** What her announcements did, all of them summed: e-mails sent, courses opened within 3 days, unsubscribes. */
export function AnnouncementTotals({ load }: { load: () => Promise<Announcements> }) {
  const announcements = useLoad(
    useCallback(() => load(), [load]),
    'Studio: the announcements could not be read.',
  );
  const { state } = announcements;
  const totals = state.status === 'ready' ? announcementTotals(state.value.sent) : null;
  return (
    <div className="mt-6">
      <OverviewCard heading={copy.heading}>
        <div className="mt-2" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' && <p className="text-ink-soft">{copy.loading}</p>}
          {state.status === 'failed' && (
            <RetryNotice
              message={copy.failed}
              retryLabel={studioOverviewCopy.tryAgain}
              onRetry={announcements.retry}
            />
          )}
          {totals?.announcements === 0 && <p className="text-ink-soft">{copy.none}</p>}
          {totals !== null && totals.announcements > 0 && (
            <>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {(['sent', 'opened', 'unsubscribed'] as const).map((key) => (
                  <div key={key} className="rounded-card border border-ink/10 px-4 py-3">
                    <dt className="text-sm text-ink-soft">{copy[key]}</dt>
                    <dd className="font-display text-3xl font-bold text-ink tabular-nums">{totals[key]}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-3 text-sm text-ink-soft">
                {copy.sentFrom(totals.announcements)}{' '}
                <a href="#announcements" className="font-semibold text-link underline underline-offset-4">
                  {copy.seeEach}
                </a>
              </p>
            </>
          )}
        </div>
      </OverviewCard>
    </div>
  );
}
