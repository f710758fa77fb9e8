import { type Column, DataTable } from '@/components/ui/data-table';
import { studioAnnouncementsCopy as copy } from '@/content/studio-announcements';
import { formatTime } from '@/lib/format-time';
import type { SentAnnouncement } from '../model/announcements-backend';

const columns: readonly Column<SentAnnouncement>[] = [
  {
    label: copy.columns.subject,
    rowHeader: true,
    cell: (row) => (
      <span className="break-words">
        {row.subject}
        {row.lessonId !== null && (
          <span className="ml-2 rounded-full bg-ink/5 px-2 py-0.5 text-xs font-semibold text-ink-soft">
            {copy.newLesson}
          </span>
        )}
      </span>
    ),
  },
  { label: copy.columns.sentAt, cell: (row) => formatTime(row.createdAt, copy.dateLocale) },
  {
    label: copy.columns.delivered,
    cell: (row) => copy.delivered(row.sent, row.recipients, row.waiting, row.failed),
  },
  { label: copy.columns.opened, cell: (row) => row.opened, className: 'tabular-nums' },
  { label: copy.columns.unsubscribed, cell: (row) => row.unsubscribed, className: 'tabular-nums' },
];

/** What she sent, newest first, each with what it did. */
export function SentAnnouncementsTable({ sent }: { sent: readonly SentAnnouncement[] }) {
  return (
    <DataTable
      caption={copy.sentCaption}
      columns={columns}
      rows={sent}
      rowKey={(row) => row.id}
      className="mt-3"
    />
  );
}
