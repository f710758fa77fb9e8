import { useId } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { studioOverviewCopy } from '@/content/studio-overview';
import { busiestDay, FUNNEL_STEPS, type FunnelStepKey, type OverviewDay } from '../model/overview';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.perDay;
const stepNames = copy.steps;

/** Each bar's slot in the drawing's own units; the drawing stretches to the card's width. */
const SLOT = 10;
const HEIGHT = 60;

/** One step's daily counts as bars, oldest day on the left; screen readers get its summary and the table. */
function DayChart({ days, step }: { days: readonly OverviewDay[]; step: FunnelStepKey }) {
  const captionId = useId();
  const total = days.reduce((sum, day) => sum + day[step], 0);
  const busiest = busiestDay(days, step);
  const tallest = Math.max(1, busiest?.count ?? 0);
  return (
    <figure aria-labelledby={captionId} className="min-w-0">
      <figcaption id={captionId} className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">{stepNames[step]}</span>
        <span className="text-sm text-ink-muted">{copy.total(total)}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={copy.chartSummary(stepNames[step], total, busiest)}
        viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-2 h-16 w-full rounded-md bg-paper"
      >
        {days.map((day, index) => {
          const height = (day[step] / tallest) * (HEIGHT - 4);
          return (
            <rect
              key={day.day}
              x={index * SLOT + 1}
              y={HEIGHT - height}
              width={SLOT - 2}
              height={height}
              className="fill-lens-2 forced-colors:fill-[CanvasText]"
            >
              <title>{`${day.day}: ${day[step]}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-ink-muted">
        <span>{days[0]?.day}</span>
        <span>{days.at(-1)?.day}</span>
      </div>
    </figure>
  );
}

/** Every day's numbers, newest first, for reading exact values and for screen readers. */
function DayTable({ days }: { days: readonly OverviewDay[] }) {
  return (
    <DataTable
      variant="plain"
      className="mt-3"
      minWidth="min-w-xl"
      caption={copy.tableCaption}
      rows={[...days].reverse()}
      rowKey={(day) => day.day}
      columns={[
        {
          label: copy.day,
          rowHeader: true,
          className: 'font-normal whitespace-nowrap',
          cell: (day) => day.day,
        },
        ...FUNNEL_STEPS.map((step) => ({ label: stepNames[step], cell: (day: OverviewDay) => day[step] })),
      ]}
    />
  );
}

/** The funnel's steps day by day: a small chart each, and the numbers in a table. */
export function DayCharts({ days }: { days: readonly OverviewDay[] }) {
  return (
    <OverviewCard heading={copy.heading}>
      <div className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {FUNNEL_STEPS.map((step) => (
          <DayChart key={step} days={days} step={step} />
        ))}
      </div>
      <details className="mt-6">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-link">{copy.tableToggle}</summary>
        <DayTable days={days} />
      </details>
    </OverviewCard>
  );
}
