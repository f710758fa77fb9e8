import { useCallback, useId, useState } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { studioOverviewCopy } from '@/content/studio-overview';
import { useLoad } from '@/lib/use-load';
import { supabaseAnnouncementsBackend } from '../../announcements/api/supabase-announcements-backend';
import { LaunchChecklistPanel } from '../../launch/components/launch-checklist-panel';
import { loadMySignIns } from '../api/load-my-sign-ins';
import { loadOverview } from '../api/load-overview';
import { isEmptyOverview, type Overview } from '../model/overview';
import { AnnouncementTotals } from './announcement-totals';
import { DayCharts } from './day-charts';
import { FeedbackAnswers } from './feedback-answers';
import { FunnelSteps } from './funnel-steps';
import { OverviewCard } from './overview-card';
import { LessonDropOff } from './lesson-drop-off';
import { MySignIns } from './my-sign-ins';
import { SourceViewsTable } from './source-views-table';

const copy = studioOverviewCopy;
const DEFAULT_DAYS = 30;

function PeriodChoice({ days, onChoose }: { days: number; onChoose: (days: number) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="font-semibold">
        {copy.period.label}
      </label>
      <select
        id={id}
        value={days}
        onChange={(event) => onChoose(Number(event.target.value))}
        className="min-h-11 rounded-xl border border-ink/20 bg-surface px-3 text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        {copy.period.choices.map((choice) => (
          <option key={choice} value={choice}>
            {copy.period.choice(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}

function OverviewContent({ overview, days }: { overview: Overview; days: number }) {
  if (isEmptyOverview(overview))
    return (
      <OverviewCard heading={copy.empty.heading}>
        <p className="mt-2 text-ink-soft">{copy.empty.body(days)}</p>
      </OverviewCard>
    );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FunnelSteps funnel={overview.funnel} />
      <SourceViewsTable sources={overview.sources} />
      <div className="lg:col-span-2">
        <DayCharts days={overview.days} />
      </div>
      <LessonDropOff lessons={overview.lessons} />
      <FeedbackAnswers feedback={overview.feedback} />
    </div>
  );
}

/** The overview of the chosen period, read with `load`; the studio's panel gives it the database's. */
export function OverviewView({ load }: { load: (days: number) => Promise<Overview> }) {
  const [days, setDays] = useState(DEFAULT_DAYS);
  const overview = useLoad(
    useCallback(() => load(days), [load, days]),
    'Studio: the overview could not be read.',
  );
  const { state } = overview;
  return (
    <div className="mt-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="max-w-2xl text-ink-soft">{copy.intro}</p>
          {state.status === 'ready' && (
            <p className="mt-1 text-sm text-ink-muted">
              {copy.period.range(state.value.since, state.value.until)}
            </p>
          )}
        </div>
        <PeriodChoice days={days} onChoose={setDays} />
      </div>
      <div className="mt-6" aria-busy={state.status === 'loading'}>
        <p role="status" className={state.status === 'loading' ? 'text-ink-soft' : 'sr-only'}>
          {state.status === 'loading' ? copy.loading : ''}
        </p>
        {state.status === 'failed' && (
          <RetryNotice message={copy.failed} retryLabel={copy.tryAgain} onRetry={overview.retry} />
        )}
        {state.status === 'ready' && <OverviewContent overview={state.value} days={days} />}
      </div>
    </div>
  );
}

/** The studio's Overview section, for a signed-in owner: what is left before launch first. */
export function OverviewPanel() {
  return (
    <>
      <LaunchChecklistPanel />
      <OverviewView load={loadOverview} />
      <AnnouncementTotals load={supabaseAnnouncementsBackend.load} />
      <MySignIns load={loadMySignIns} />
    </>
  );
}
