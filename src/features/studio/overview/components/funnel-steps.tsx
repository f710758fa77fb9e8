import { studioOverviewCopy } from '@/content/studio-overview';
import { type Funnel, funnelRows } from '@/lib/funnel';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.funnel;

/**
 * The period's funnel: a row a step, each with its count, a bar as long as its share of the largest row, what it
 * counts in one sentence and its rate; the sign-ups without a counted visit are a row of their own, drawn apart.
 */
export function FunnelSteps({ funnel }: { funnel: Funnel }) {
  const rows = funnelRows(funnel);
  const widest = Math.max(1, ...rows.map((row) => row.count));
  const signups = funnel.signups_after_visit + funnel.signups_without_visit;
  return (
    <OverviewCard heading={copy.heading}>
      <p className="mt-2 text-sm text-ink-soft">{copy.intro}</p>
      <ol className="mt-4 flex flex-col gap-5">
        {rows.map((row) => {
          const words = copy.rows[row.key];
          const apart = row.key === 'signups_without_visit';
          return (
            <li key={row.key} className={apart ? 'border-l-4 border-line pl-3' : ''}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold">{words.name}</span>
                <span className="text-lg font-semibold tabular-nums">{row.count}</span>
              </div>
              <div aria-hidden="true" className="mt-1 h-3 rounded-full bg-paper">
                <div
                  className={`h-3 rounded-full forced-colors:bg-[Highlight] ${apart ? 'bg-ink-muted' : 'bg-lens-1'}`}
                  style={{ width: `${(row.count / widest) * 100}%` }}
                />
              </div>
              <p className="mt-1 text-sm text-ink-soft">{words.meaning}</p>
              {'rate' in words && row.rate !== null && (
                <p className="mt-0.5 text-sm font-semibold text-ink-muted">{words.rate(row.rate, signups)}</p>
              )}
            </li>
          );
        })}
      </ol>
    </OverviewCard>
  );
}
