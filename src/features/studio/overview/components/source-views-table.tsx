import { useId } from 'react';
import { studioOverviewCopy } from '@/content/studio-overview';
import { type SourceViews, sourcesByDay, sourceTotals } from '../model/overview';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.sources;

/** Each day's sources, newest day first: the numbers behind the totals. */
function SourcesPerDay({ sources }: { sources: readonly SourceViews[] }) {
  const captionId = useId();
  return (
    <details className="mt-4">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-link">{copy.perDayToggle}</summary>
      <table className="mt-2 w-full text-left text-sm tabular-nums" aria-labelledby={captionId}>
        <caption id={captionId} className="sr-only">
          {copy.perDayCaption}
        </caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {copy.day}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {copy.source}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {copy.views}
            </th>
          </tr>
        </thead>
        <tbody>
          {sourcesByDay(sources).flatMap(({ day, sources: rows }) =>
            rows.map((row, index) => (
              <tr key={`${day} ${row.source}`} className="border-b border-line/60">
                <td className="py-1.5 pr-3 whitespace-nowrap">{index === 0 ? day : ''}</td>
                <td className="py-1.5 pr-3 wrap-anywhere">{copy.name(row.source)}</td>
                <td className="py-1.5">{row.views}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
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
          <table className="mt-4 w-full text-left text-sm tabular-nums">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {copy.source}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  {copy.views}
                </th>
                <th scope="col" className="w-2/5 py-2 font-semibold">
                  {copy.share}
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.map((row) => (
                <tr key={row.source} className="border-b border-line/60">
                  <th scope="row" className="py-2 pr-3 font-normal wrap-anywhere">
                    {copy.name(row.source)}
                  </th>
                  <td className="py-2 pr-3 text-right">{row.views}</td>
                  <td className="py-2">
                    <div className="flex items-center gap-2">
                      <span aria-hidden="true" className="hidden h-2 flex-1 rounded-full bg-paper sm:block">
                        <span
                          className="block h-2 rounded-full bg-lens-3 forced-colors:bg-[Highlight]"
                          style={{ width: `${row.share * 100}%` }}
                        />
                      </span>
                      <span className="w-14 text-right">{studioOverviewCopy.percent(row.share)}</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <SourcesPerDay sources={sources} />
        </>
      )}
    </OverviewCard>
  );
}
