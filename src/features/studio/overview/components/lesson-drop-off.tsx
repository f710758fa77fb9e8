import { studioOverviewCopy } from '@/content/studio-overview';
import { finishedShare, type LessonDropOff as Lesson } from '../model/overview';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.lessons;

/** A count with its bar, as long as its share of the largest count in the table. */
function CountBar({ count, widest, className }: { count: number; widest: number; className: string }) {
  return (
    <div className="flex items-center gap-2">
      <span className="w-8 text-right">{count}</span>
      <span aria-hidden="true" className="hidden h-2 flex-1 rounded-full bg-paper sm:block">
        <span
          className={`block h-2 rounded-full forced-colors:bg-[Highlight] ${className}`}
          style={{ width: `${(count / widest) * 100}%` }}
        />
      </span>
    </div>
  );
}

/** Each published lesson in order: who started it and who finished it, so the owner sees where learners stop. */
export function LessonDropOff({ lessons }: { lessons: readonly Lesson[] }) {
  const widest = Math.max(1, ...lessons.map((lesson) => lesson.started));
  return (
    <OverviewCard heading={copy.heading}>
      <p className="mt-2 text-sm text-ink-soft">{copy.intro}</p>
      {lessons.length === 0 ? (
        <p className="mt-4">{copy.none}</p>
      ) : (
        <table className="mt-4 w-full table-fixed text-left text-sm tabular-nums">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="w-2/5 py-2 pr-3 font-semibold">
                {copy.lesson}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {copy.started}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {copy.finished}
              </th>
              <th scope="col" className="hidden py-2 font-semibold sm:table-cell">
                {copy.finishedShare}
              </th>
            </tr>
          </thead>
          <tbody>
            {lessons.map((lesson) => (
              <tr key={lesson.slug} className="border-b border-line/60 align-top">
                <th scope="row" className="py-2 pr-3 font-normal break-words">
                  {lesson.title}
                </th>
                <td className="py-2 pr-3">
                  <CountBar count={lesson.started} widest={widest} className="bg-lens-1" />
                </td>
                <td className="py-2 pr-3">
                  <CountBar count={lesson.finished} widest={widest} className="bg-lens-2" />
                </td>
                <td className="hidden py-2 sm:table-cell">
                  {studioOverviewCopy.percent(finishedShare(lesson))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OverviewCard>
  );
}
