import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { studioOutboxCopy } from '@/content/studio-outbox';
import type { LoadState } from '@/lib/use-load';
import type { RecordedEmail, RecordedEmails } from '../model/outbox-backend';
import { EmailRecordTable } from './email-record-table';
import { SectionPending } from '../../components/section-pending';

const copy = studioOutboxCopy.record;

/** Every e-mail on record, newest first, under a search by address; `onSearch` reads it again for the words. */
export function EmailRecord({
  record,
  search,
  onSearch,
  onRetry,
}: {
  record: LoadState<RecordedEmails>;
  search: string;
  onSearch: (search: string) => void;
  onRetry: () => void;
}) {
  const [draft, setDraft] = useState(search);
  const searchId = useId();

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    onSearch(draft.trim());
  }

  return (
    <>
      <h3 className="mt-10 font-display text-xl font-bold text-ink">{copy.heading}</h3>
      <p className="mt-2 max-w-prose text-ink-soft">{copy.intro}</p>
      <form
        role="search"
        onSubmit={submitSearch}
        className="mt-4 flex w-full max-w-md flex-wrap items-end gap-3"
      >
        <TextField
          id={searchId}
          label={copy.searchLabel}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="dark">
          {copy.searchButton}
        </Button>
      </form>
      {record.status === 'ready' ? (
        <RecordList emails={record.value.emails} total={record.value.total} search={search} />
      ) : (
        <SectionPending state={record} copy={copy} onRetry={onRetry} />
      )}
    </>
  );
}

function RecordList({
  emails,
  total,
  search,
}: {
  emails: readonly RecordedEmail[];
  total: number;
  search: string;
}) {
  if (emails.length === 0)
    return <p className="mt-4 text-ink-soft">{search ? copy.noMatch(search) : copy.empty}</p>;
  return (
    <>
      <p className="mt-4 text-ink-soft">{copy.shown(emails.length, total)}</p>
      <EmailRecordTable emails={emails} />
    </>
  );
}
