import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { studioLearnersCopy } from '@/content/studio-learners';
import { useLoad } from '@/lib/use-load';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SectionPending } from '../../components/section-pending';
import { LEARNERS_HASH } from '../model/learner-address';
import { type LearnerDetail, type LearnersBackend, LearnersRefusal } from '../model/learners-backend';
import { EraseDialog } from './erase-dialog';
import { LearnerRecord } from './learner-record';

const copy = studioLearnersCopy.page;

/**
 * One learner's page (`/studio#learners/<id>`): what the course knows of her, and what the owner can do for her:
 * send the course e-mail again, correct her address, erase her. One live message says what just happened.
 */
export function LearnerPage({ id, backend }: { id: number; backend: LearnersBackend }) {
  const [message, setMessage] = useState('');
  const [erased, setErased] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const backLink = useRef<HTMLAnchorElement>(null);
  const loaded = useLoad(
    useCallback(() => backend.learner(id), [backend, id]),
    'Studio: the learner could not be loaded.',
  );
  // Her record once read; null when she is not there any more.
  const shown = loaded.state.status === 'ready' ? loaded.state.value : undefined;
  const ready = Boolean(shown);

  // Arriving from the list's link, a screen reader hears whose page this is, and Tab goes on from there.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);
  // Once she is erased, her page is gone: the way back to the list is what is left.
  useEffect(() => {
    if (erased) backLink.current?.focus();
  }, [erased]);

  return (
    <div className="mt-2">
      <a ref={backLink} href={LEARNERS_HASH} className="font-semibold text-ink underline underline-offset-4">
        <span aria-hidden="true">← </span>
        {copy.back}
      </a>
      <p role="status" aria-live="polite" aria-atomic="true" className="mt-4 min-h-6 font-semibold text-ink">
        {message}
      </p>
      {!erased && loaded.state.status !== 'ready' && (
        <SectionPending state={loaded.state} copy={copy} onRetry={loaded.retry} />
      )}
      {!erased && shown === null && <p className="text-ink-soft">{copy.gone}</p>}
      {!erased && shown && (
        <>
          <h3
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl font-bold break-words text-ink focus:outline-none"
          >
            {shown.name}
            <span className="block text-lg font-normal break-all text-ink-soft">{shown.email}</span>
          </h3>
          <LearnerActions
            learner={shown}
            backend={backend}
            onDone={(said) => {
              setMessage(said);
              loaded.reload();
            }}
            onErased={(said) => {
              setMessage(said);
              setErased(true);
            }}
            onRefused={setMessage}
          />
          <LearnerRecord learner={shown} />
        </>
      )}
    </div>
  );
}

function LearnerActions({
  learner,
  backend,
  onDone,
  onErased,
  onRefused,
}: {
  learner: LearnerDetail;
  backend: LearnersBackend;
  onDone: (message: string) => void;
  onErased: (message: string) => void;
  onRefused: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [newAddress, setNewAddress] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const addressId = useId();

  async function act(job: () => Promise<string>, after: (message: string) => void = onDone) {
    setBusy(true);
    try {
      after(await job());
    } catch (error) {
      if (!(error instanceof LearnersRefusal)) console.error('Studio: a learner job failed.', error);
      onRefused(
        error instanceof LearnersRefusal ? copy.refused(error.message) : studioLearnersCopy.unreachable,
      );
    } finally {
      setBusy(false);
    }
  }

  function askToChange(event: FormEvent) {
    event.preventDefault();
    const typed = newAddress.trim();
    if (typed !== '') setConfirming(typed);
  }

  return (
    <section aria-label={copy.actionsHeading} className="mt-5 flex flex-wrap items-end gap-x-6 gap-y-4">
      <Button
        variant="dark"
        disabled={busy}
        onClick={() => void act(async () => copy.resent(await backend.resendCourseEmail(learner.id)))}
      >
        {copy.resend}
      </Button>
      <form onSubmit={askToChange} className="flex w-full max-w-md flex-wrap items-end gap-3">
        <TextField
          id={addressId}
          label={copy.newAddressLabel}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          value={newAddress}
          onChange={(event) => setNewAddress(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {copy.change}
        </Button>
      </form>
      <Button variant="outline" disabled={busy} onClick={() => setErasing(true)}>
        {copy.erase}
      </Button>
      {confirming !== null && (
        <ConfirmDialog
          words={copy.confirmChange(learner.email, confirming)}
          onAnswer={(goAhead) => {
            setConfirming(null);
            if (!goAhead) return;
            void act(async () => {
              const changed = await backend.changeEmail(learner.id, confirming);
              setNewAddress('');
              return copy.changed(changed);
            });
          }}
        />
      )}
      {erasing && (
        <EraseDialog
          email={learner.email}
          busy={busy}
          onConfirm={() =>
            void act(async () => {
              await backend.erase(learner.email);
              return studioLearnersCopy.erased(learner.email);
            }, onErased).finally(() => setErasing(false))
          }
          onCancel={() => setErasing(false)}
        />
      )}
    </section>
  );
}
