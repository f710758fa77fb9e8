import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { studioLearnersCopy } from '@/content/studio-learners';
import { SIGNUPS_CSV_FILE_NAME, signupsCsv } from '@/lib/signups-csv';
import { type LoadState, useLoad } from '@/lib/use-load';
import {
  type LearnerList,
  type LearnersBackend,
  LearnersRefusal,
  type StudioLearner,
} from '../model/learners-backend';
import { EraseDialog } from './erase-dialog';
import { LearnerTable, learnerLinkId } from './learner-table';
import { SectionPending } from '../../components/section-pending';

const copy = studioLearnersCopy;

/** Saves a text file for the owner: the browser's download in the app, a fake in tests. */
export type SaveFile = (name: string, text: string, type: string) => void;

/**
 * The list of learners: a search by address or name, the newest learners with what the course did for them, each
 * a link to her page, the CSV download of every learner, and erase behind a confirmation; one live message says
 * what just happened. The search is the section's (`search`, `onSearch`), so it outlives a visit to a learner's
 * page; `returnFocusTo` is the learner whose link takes the focus once the list is there.
 */
export function LearnersView({
  backend,
  saveFile,
  search,
  onSearch,
  returnFocusTo,
}: {
  backend: LearnersBackend;
  saveFile: SaveFile;
  search: string;
  onSearch: (search: string) => void;
  returnFocusTo: number | null;
}) {
  const [draft, setDraft] = useState(search);
  const [erasing, setErasing] = useState<StudioLearner | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const searchId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  // Where the focus goes when the dialog is gone: back to the Erase button pressed, or, once that learner's row
  // is gone, to the search. The dialog has no trigger of Radix's own to go back to.
  const eraseButton = useRef<HTMLButtonElement | null>(null);
  const erased = useRef(false);

  const list = useLoad(
    useCallback(() => backend.list(search), [backend, search]),
    'Studio: the learners could not be loaded.',
  );

  // Once, when the list first shows: a list read again later (after an erase) leaves the focus where it is.
  const focusPending = useRef(returnFocusTo);
  useEffect(() => {
    if (list.state.status !== 'ready' || focusPending.current === null) return;
    document.getElementById(learnerLinkId(focusPending.current))?.focus();
    focusPending.current = null;
  }, [list.state]);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    onSearch(draft.trim());
    // The same words again read the list again too.
    list.retry();
  }

  async function download() {
    setBusy(true);
    setMessage(copy.downloading);
    try {
      const rows = await backend.exportRows();
      saveFile(SIGNUPS_CSV_FILE_NAME, signupsCsv(rows), 'text/csv;charset=utf-8');
      setMessage(copy.downloaded(rows.length));
    } catch (error) {
      console.error('Studio: the sign-ups could not be exported.', error);
      setMessage(copy.downloadFailed);
    } finally {
      setBusy(false);
    }
  }

  async function erase(learner: StudioLearner) {
    setBusy(true);
    try {
      await backend.erase(learner.email);
      erased.current = true;
      setErasing(null);
      setMessage(copy.erased(learner.email));
      list.reload();
    } catch (error) {
      setErasing(null);
      setMessage(error instanceof LearnersRefusal ? copy.eraseFailed(error.message) : copy.unreachable);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2">
      <p className="max-w-prose text-ink-soft">{copy.intro}</p>
      <div className="mt-5 flex flex-wrap items-end justify-between gap-4">
        <form
          role="search"
          onSubmit={submitSearch}
          className="flex w-full max-w-md flex-wrap items-end gap-3"
        >
          <TextField
            ref={searchInput}
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
        <Button variant="outline" onClick={() => void download()} disabled={busy}>
          {copy.download}
        </Button>
      </div>
      <p role="status" aria-live="polite" aria-atomic="true" className="mt-4 min-h-6 font-semibold text-ink">
        {message}
      </p>
      <LearnerResults
        loaded={list.state}
        search={search}
        busy={busy}
        onErase={(learner, button) => {
          eraseButton.current = button;
          setErasing(learner);
        }}
        onRetry={list.retry}
      />
      {erasing && (
        <EraseDialog
          email={erasing.email}
          busy={busy}
          onConfirm={() => void erase(erasing)}
          onCancel={() => setErasing(null)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (erased.current ? searchInput.current : eraseButton.current)?.focus();
            erased.current = false;
          }}
        />
      )}
    </div>
  );
}

function LearnerResults({
  loaded,
  search,
  busy,
  onErase,
  onRetry,
}: {
  loaded: LoadState<LearnerList>;
  search: string;
  busy: boolean;
  onErase: (learner: StudioLearner, button: HTMLButtonElement) => void;
  onRetry: () => void;
}) {
  if (loaded.status !== 'ready') return <SectionPending state={loaded} copy={copy} onRetry={onRetry} />;
  const { learners, total } = loaded.value;
  if (learners.length === 0)
    return <p className="mt-4 text-ink-soft">{search ? copy.noMatch(search) : copy.empty}</p>;
  return (
    <>
      <p className="mt-4 text-ink-soft">{copy.shown(learners.length, total)}</p>
      <LearnerTable learners={learners} busy={busy} onErase={onErase} />
    </>
  );
}
