import { type Column, DataTable } from '@/components/ui/data-table';
import { studioOutboxCopy } from '@/content/studio-outbox';
import { formatTime } from '@/lib/format-time';
import type { RecordedEmail } from '../model/outbox-backend';

const copy = studioOutboxCopy;

const outcomeTone = (email: RecordedEmail) =>
  email.status === 'dead' ? 'font-semibold text-red-700' : email.status === 'sent' ? 'text-green-800' : '';

/** Every e-mail on record, newest first: to whom, which, when, what became of it; cards on a phone. */
export function EmailRecordTable({ emails }: { emails: readonly RecordedEmail[] }) {
  const columns: Column<RecordedEmail>[] = [
    {
      label: copy.record.columns.recipient,
      rowHeader: true,
      className: 'min-w-48 font-semibold break-all text-ink',
      cell: (email) => email.recipient,
    },
    { label: copy.record.columns.kind, cell: (email) => copy.kinds[email.kind] ?? email.kind },
    {
      label: copy.record.columns.time,
      cell: (email) =>
        copy.record.time(formatTime(email.sentAt ?? email.createdAt, copy.dateLocale), email.sentAt !== null),
    },
    {
      label: copy.record.columns.outcome,
      className: 'break-words',
      cell: (email) => (
        <span className={outcomeTone(email)}>
          {copy.record.outcome(email.status, email.provider, email.lastError)}
        </span>
      ),
    },
    {
      label: copy.record.columns.providerId,
      className: 'break-all text-ink-soft',
      cell: (email) =>
        email.providerId === null ? (
          copy.record.noProviderId
        ) : (
          <span className="font-mono text-xs">{email.providerId}</span>
        ),
    },
  ];
  return (
    <DataTable
      caption={copy.record.caption}
      columns={columns}
      rows={emails}
      rowKey={(email) => email.id}
      className="mt-3"
    />
  );
}
