import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { studioOutboxCopy } from '@/content/studio-outbox';
import { formatTime } from '@/lib/format-time';
import type { DeadEmail } from '../model/outbox-backend';

const copy = studioOutboxCopy;

/** The failed e-mails, newest first, each with its reason and a Retry button; cards on a phone. */
export function DeadEmailTable({
  dead,
  busy,
  onRetry,
}: {
  dead: readonly DeadEmail[];
  busy: boolean;
  onRetry: (email: DeadEmail) => void;
}) {
  const columns: Column<DeadEmail>[] = [
    {
      label: copy.columns.recipient,
      rowHeader: true,
      className: 'min-w-48 font-semibold break-all text-ink',
      cell: (email) => email.recipient,
    },
    { label: copy.columns.kind, cell: (email) => copy.kinds[email.kind] ?? email.kind },
    { label: copy.columns.attempts, cell: (email) => email.attempts },
    { label: copy.columns.queued, cell: (email) => formatTime(email.createdAt, copy.dateLocale) },
    {
      label: copy.columns.reason,
      className: 'break-words text-red-700',
      cell: (email) => email.lastError ?? copy.noReason,
    },
    {
      label: copy.columns.actions,
      actions: true,
      cell: (email) => (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={copy.retryLabel(email.recipient)}
          onClick={() => onRetry(email)}
        >
          {copy.retry}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption={copy.deadCaption}
      columns={columns}
      rows={dead}
      rowKey={(email) => email.id}
      className="mt-3"
      minWidth="min-w-2xl"
    />
  );
}
