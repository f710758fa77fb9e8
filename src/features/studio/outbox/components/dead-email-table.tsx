import { Button } from '@/components/ui/button';
import { studioOutboxCopy } from '@/content/studio-outbox';
import { formatTime } from '@/lib/format-time';
import type { DeadEmail } from '../model/outbox-backend';

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
    <div
      className="mt-3 overflow-x-auto rounded-card border border-ink/10 bg-surface"
      role="region"
      aria-label={copy.deadCaption}
      tabIndex={0}
    >
      <table className="w-full min-w-2xl text-left text-sm">
        <caption className="sr-only">{copy.deadCaption}</caption>
        <thead className="border-b border-ink/10 text-ink-soft">
          <tr>
            {Object.values(copy.columns).map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
