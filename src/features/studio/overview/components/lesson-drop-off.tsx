import { DataTable } from '@/components/ui/data-table';
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
        <DataTable
          variant="plain"
          className="mt-4"
          rows={lessons}
          rowKey={(lesson) => lesson.slug}
          columns={[
            {
              label: copy.lesson,
              rowHeader: true,
              headClassName: 'w-2/5',
              className: 'font-normal break-words',
              cell: (lesson) => lesson.title,
            },
            {
              label: copy.started,
              cell: (lesson) => <CountBar count={lesson.started} widest={widest} className="bg-lens-1" />,
            },
            {
              label: copy.finished,
              cell: (lesson) => <CountBar count={lesson.finished} widest={widest} className="bg-lens-2" />,
            },
            {
              label: copy.finishedShare,
              cell: (lesson) => studioOverviewCopy.percent(finishedShare(lesson)),
            },
          ]}
        />
      )}
    </OverviewCard>
  );
}
