import { Button } from '@/components/ui/button';
import { studioOutboxCopy } from '@/content/studio-outbox';
import { formatTime } from '@/lib/format-time';
import type { DeadEmail } from '../model/outbox-backend';
import { StudioTable } from '../../components/studio-table';

const copy = studioOutboxCopy;

/** The failed e-mails, newest first, each with its reason and a Retry button; scrolls sideways when narrow. */
export function DeadEmailTable({
  dead,
  busy,
  onRetry,
}: {
  dead: readonly DeadEmail[];
  busy: boolean;
  onRetry: (email: DeadEmail) => void;
}) {
  return (
    <StudioTable
      caption={copy.deadCaption}
      columns={Object.values(copy.columns)}
      className="mt-3"
      tableClassName="min-w-2xl"
    >
      {dead.map((email) => (
        <tr key={email.id} className="border-b border-ink/5 align-top last:border-0">
          <th scope="row" className="min-w-48 px-4 py-3 font-semibold break-all text-ink">
            {email.recipient}
          </th>
          <td className="px-4 py-3">{copy.kinds[email.kind] ?? email.kind}</td>
          <td className="px-4 py-3">{email.attempts}</td>
          <td className="px-4 py-3">{formatTime(email.createdAt, copy.dateLocale)}</td>
          <td className="px-4 py-3 break-words text-red-700">{email.lastError ?? copy.noReason}</td>
          <td className="px-4 py-3">
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={copy.retryLabel(email.recipient)}
              onClick={() => onRetry(email)}
            >
              {copy.retry}
            </Button>
          </td>
        </tr>
      ))}
    </StudioTable>
  );
}
