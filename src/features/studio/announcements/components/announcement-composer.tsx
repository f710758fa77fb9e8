import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioAnnouncementsCopy as copy } from '@/content/studio-announcements';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  ANNOUNCEMENT_LIMITS,
  type AnnouncementDraft,
  AnnouncementRefusal,
  type AnnouncementsBackend,
} from '../model/announcements-backend';
import { keepDraft, readKeptDraft } from '../model/kept-draft';
import { AnnouncementPreview } from './announcement-preview';

type Problems = Partial<Record<keyof AnnouncementDraft, string>>;

/** What is wrong with the draft, field by field; nothing when it can be sent. */
function problemsOf(draft: AnnouncementDraft): Problems {
  const problems: Problems = {};
  for (const key of ['subject', 'text'] as const) {
    const value = draft[key].trim();
    if (value === '') problems[key] = copy.missing[key];
    else if (value.length > ANNOUNCEMENT_LIMITS[key]) problems[key] = copy.tooLong(ANNOUNCEMENT_LIMITS[key]);
  }
  return problems;
}

/**
 * Writing an announcement: subject and text, a preview beside them, a test to herself, and Send, which says how
 * many it goes to and asks first. Each draft has its own key, so a send repeated (a double click, a retry after
 * a lost answer) sends it once; a sent one leaves an empty form with a new key. The draft and its key are kept
 * on this device as she writes (../model/kept-draft.ts).
 */
export function AnnouncementComposer({
  backend,
  audience,
  onSent,
}: {
  backend: AnnouncementsBackend;
  audience: number;
  onSent: () => void;
}) {
  const id = useId();
  const [kept] = useState(() => readKeptDraft());
  const [draft, setDraft] = useState(kept.draft);
  const [requestKey, setRequestKey] = useState(kept.requestKey);
  useEffect(() => keepDraft({ draft, requestKey }), [draft, requestKey]);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState<'testing' | 'sending' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');

  const problems = checked ? problemsOf(draft) : {};
  const change = (key: keyof AnnouncementDraft) => (value: string) => setDraft({ ...draft, [key]: value });

  /** True when the draft can go; otherwise shows what is wrong and focuses it. */
  function ready(): boolean {
    setChecked(true);
    const [first] = Object.keys(problemsOf(draft));
    if (first === undefined) return true;
    document.getElementById(`${id}-${first}`)?.focus();
    return false;
  }

  async function act(kind: 'testing' | 'sending', run: () => Promise<string>) {
    setBusy(kind);
    setMessage('');
    try {
      setMessage(await run());
    } catch (error) {
      setMessage(
        error instanceof AnnouncementRefusal ? copy.status.refused(error.message) : copy.status.unreachable,
      );
    } finally {
      setBusy(null);
    }
  }

  const sendTest = () => {
    if (ready()) void act('testing', async () => copy.status.testSent(await backend.sendTest(draft)));
  };
  const send = () =>
    void act('sending', async () => {
      const recipients = await backend.send(draft, requestKey);
      setDraft({ subject: '', text: '' });
      setChecked(false);
      setRequestKey(crypto.randomUUID());
      onSent();
      return copy.status.sent(recipients);
    });

  return (
    <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form
        aria-label={copy.formLabel}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready()) setConfirming(true);
        }}
        className="grid content-start gap-5 rounded-card border border-line bg-surface p-4 sm:p-6"
      >
        <TextField
          id={`${id}-subject`}
          label={copy.subject}
          hint={copy.subjectHint}
          value={draft.subject}
          maxLength={ANNOUNCEMENT_LIMITS.subject}
          error={problems.subject}
          disabled={busy !== null}
          onChange={(event) => change('subject')(event.target.value)}
        />
        <TextareaField
          id={`${id}-text`}
          label={copy.text}
          hint={copy.textHint}
          value={draft.text}
          rows={10}
          maxLength={ANNOUNCEMENT_LIMITS.text}
          error={problems.text}
          disabled={busy !== null}
          onChange={(event) => change('text')(event.target.value)}
        />
        <p className="font-semibold text-ink">{audience > 0 ? copy.audience(audience) : copy.noAudience}</p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="dark" disabled={busy !== null || audience === 0}>
            {busy === 'sending' ? copy.sending : copy.send(audience)}
          </Button>
          <Button variant="outline" disabled={busy !== null} onClick={sendTest}>
            {busy === 'testing' ? copy.sendingTest : copy.sendTest}
          </Button>
        </div>
        <p role="status" aria-live="polite" className="min-h-6 font-semibold text-ink empty:min-h-0">
          {message}
        </p>
      </form>
      <div className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto">
        <AnnouncementPreview draft={draft} />
      </div>
      {confirming && (
        <ConfirmDialog
          words={copy.confirm(audience, draft.subject.trim())}
          onAnswer={(goAhead) => {
            setConfirming(false);
            if (goAhead) send();
          }}
        />
      )}
    </div>
  );
}
