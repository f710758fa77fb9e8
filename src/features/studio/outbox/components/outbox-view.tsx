import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioOutboxCopy } from '@/content/studio-outbox';
import { formatTime } from '@/lib/format-time';
import { useLoad } from '@/lib/use-load';
import { type DeadEmail, type OutboxBackend, OutboxRefusal } from '../model/outbox-backend';
import { DeadEmailTable } from './dead-email-table';
import { EmailRecord } from './email-record';
import { SectionPending } from '../../components/section-pending';

const copy = studioOutboxCopy;
const when = (at: Date) => formatTime(at, copy.dateLocale);

/**
 * The Outbox section: the count of e-mails in each status, any pause a provider asked for, the failed e-mails
 * with their reason and a Retry button, and every e-mail on record under a search by address; one live message
 * says what a retry did. Refresh and a retry read both the counts and the record again.
 */
export function OutboxView({ backend }: { backend: OutboxBackend }) {
  const outbox = useLoad(
    useCallback(() => backend.status(), [backend]),
    'Studio: the outbox could not be loaded.',
  );
  const [search, setSearch] = useState('');
  const record = useLoad(
    useCallback(() => backend.emails(search), [backend, search]),
    'Studio: the e-mails on record could not be loaded.',
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function retry(email: DeadEmail) {
    setBusy(true);
    setMessage('');
    try {
      await backend.retry(email.id);
      setMessage(copy.retried(email.recipient));
    } catch (error) {
      setMessage(error instanceof OutboxRefusal ? copy.retryFailed(error.message) : copy.unreachable);
    } finally {
      setBusy(false);
      refresh();
    }
  }

  function refresh() {
    outbox.reload();
    record.reload();
  }

  const { state } = outbox;
  if (state.status !== 'ready') return <SectionPending state={state} copy={copy} onRetry={outbox.retry} />;

  const { counts, oldestDue, paused, dead } = state.value;
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-prose text-ink-soft">{copy.intro}</p>
        <Button variant="outline" size="sm" onClick={refresh} disabled={busy}>
          {copy.refresh}
        </Button>
      </div>
      <dl aria-label={copy.countsLabel} className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(({ status, count }) => (
          <div key={status} className="rounded-card border border-ink/10 bg-surface px-4 py-3">
            <dt className="text-sm text-ink-soft">{copy.statuses[status] ?? status}</dt>
            <dd
              className={`font-display text-3xl font-bold ${status === 'dead' && count > 0 ? 'text-red-700' : 'text-ink'}`}
            >
              {count}
            </dd>
          </div>
        ))}
      </dl>
      {oldestDue && <p className="mt-4 text-ink-soft">{copy.oldestDue(when(oldestDue))}</p>}
      {paused.map((pause) => (
        <p key={pause.provider} className="mt-2 font-semibold text-ink">
          {copy.paused(pause.provider, when(pause.until), pause.reason)}
        </p>
      ))}
      <p role="status" aria-live="polite" aria-atomic="true" className="mt-4 min-h-6 font-semibold text-ink">
        {message}
      </p>
      <h3 className="mt-4 font-display text-xl font-bold text-ink">{copy.deadHeading}</h3>
      {dead.length === 0 ? (
        <p className="mt-2 text-ink-soft">{copy.noDead}</p>
      ) : (
        <DeadEmailTable dead={dead} busy={busy} onRetry={(email) => void retry(email)} />
      )}
      <EmailRecord
        record={record.state}
        search={search}
        onSearch={(words) => {
          setSearch(words);
          // The same words again read the record again too.
          record.retry();
        }}
        onRetry={record.retry}
      />
    </div>
  );
}
