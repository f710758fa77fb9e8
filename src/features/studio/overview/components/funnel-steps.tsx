import { studioOverviewCopy } from '@/content/studio-overview';
import { type FunnelCounts, funnelSteps } from '../model/overview';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.funnel;

/** The period's funnel, one bar a step, each as long as its share of the first step, with the rate from the one before. */
export function FunnelSteps({ total }: { total: FunnelCounts }) {
  const steps = funnelSteps(total);
  const widest = Math.max(1, ...steps.map((step) => step.count));
  return (
    <OverviewCard heading={copy.heading}>
      <ol className="mt-4 flex flex-col gap-4">
        {steps.map((step, index) => (
          <li key={step.key}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">{copy.steps[step.key]}</span>
              <span className="text-lg font-semibold tabular-nums">{step.count}</span>
            </div>
            <div aria-hidden="true" className="mt-1 h-3 rounded-full bg-paper">
              <div
                className="h-3 rounded-full bg-lens-1 forced-colors:bg-[Highlight]"
                style={{ width: `${(step.count / widest) * 100}%` }}
              />
            </div>
            {index > 0 && (
              <p className="mt-1 text-sm text-ink-muted">{copy.fromPrevious(step.rateFromPrevious)}</p>
            )}
          </li>
        ))}
      </ol>
    </OverviewCard>
  );
}
