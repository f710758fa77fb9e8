import { DataTable } from '@/components/ui/data-table';
import { studioOverviewCopy } from '@/content/studio-overview';
import { type SourceViews, sourcesByDay, sourceTotals } from '../model/overview';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.sources;

/** Each day's sources, newest day first: the numbers behind the totals. */
function SourcesPerDay({ sources }: { sources: readonly SourceViews[] }) {
  const rows = sourcesByDay(sources).flatMap(({ day, sources: daySources }) =>
    daySources.map((row, index) => ({ ...row, day, firstOfDay: index === 0 })),
  );
  return (
    <details className="mt-4">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-link">{copy.perDayToggle}</summary>
      <DataTable
        variant="plain"
        className="mt-2"
        caption={copy.perDayCaption}
        rows={rows}
        rowKey={(row) => `${row.day} ${row.source}`}
        columns={[
          {
            label: copy.day,
            className: 'whitespace-nowrap',
            cell: (row) => (row.firstOfDay ? row.day : ''),
          },
          { label: copy.source, className: 'wrap-anywhere', cell: (row) => copy.name(row.source) },
          { label: copy.views, cell: (row) => row.views },
        ]}
      />
    </details>
  );
}

/** Where the period's visits came from, most first, each with its share as a bar and in words. */
export function SourceViewsTable({ sources }: { sources: readonly SourceViews[] }) {
  const totals = sourceTotals(sources);
  return (
    <OverviewCard heading={copy.heading}>
      <p className="mt-2 text-sm text-ink-soft">{copy.intro}</p>
      {totals.length === 0 ? (
        <p className="mt-4">{copy.none}</p>
      ) : (
        <>
          <DataTable
            variant="plain"
            className="mt-4"
            rows={totals}
            rowKey={(row) => row.source}
            columns={[
              {
                label: copy.source,
                rowHeader: true,
                className: 'font-normal wrap-anywhere',
                cell: (row) => copy.name(row.source),
              },
              {
                label: copy.views,
                headClassName: 'text-right',
                className: 'text-right',
                cell: (row) => row.views,
              },
              {
                label: copy.share,
                headClassName: 'w-2/5',
                cell: (row) => (
                  <div className="flex items-center gap-2">
                    <span aria-hidden="true" className="hidden h-2 flex-1 rounded-full bg-paper sm:block">
                      <span
                        className="block h-2 rounded-full bg-lens-3 forced-colors:bg-[Highlight]"
                        style={{ width: `${row.share * 100}%` }}
                      />
                    </span>
                    <span className="w-14 text-right">{studioOverviewCopy.percent(row.share)}</span>
                  </div>
                ),
              },
            ]}
          />
          <SourcesPerDay sources={sources} />
        </>
      )}
    </OverviewCard>
  );
}
