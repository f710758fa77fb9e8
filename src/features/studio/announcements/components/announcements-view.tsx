import { useCallback, useId, useState } from 'react';
import { studioAnnouncementsCopy as copy } from '@/content/studio-announcements';
import { useLoad } from '@/lib/use-load';
import { SectionPending } from '../../components/section-pending';
import type { Announcements, AnnouncementsBackend } from '../model/announcements-backend';
import { AnnouncementComposer } from './announcement-composer';
import { SentAnnouncementsTable } from './sent-announcements-table';

/**
 * The Announcements section: how many learners asked, the new announcement, the choice to announce each newly
 * published lesson, and what was sent with what it did.
 */
export function AnnouncementsView({ backend }: { backend: AnnouncementsBackend }) {
  const load = useLoad(
    useCallback(() => backend.load(), [backend]),
    'Studio: the announcements could not be loaded.',
  );
  const { state } = load;
  if (state.status !== 'ready') return <SectionPending state={state} copy={copy} onRetry={load.retry} />;
  const shown = state.value;
  return (
    <div className="mt-2">
      <p className="max-w-prose text-ink-soft">{copy.intro}</p>
      <AnnouncementComposer backend={backend} audience={shown.audience} onSent={load.reload} />
      <NewLessonsChoice backend={backend} shown={shown} onAnswer={load.set} />
      <h3 className="mt-10 font-display text-xl font-bold text-ink">{copy.sentHeading}</h3>
      {shown.sent.length === 0 ? (
        <p className="mt-2 text-ink-soft">{copy.noneSent}</p>
      ) : (
        <SentAnnouncementsTable sent={shown.sent} />
      )}
    </div>
  );
}

/** "Announce each new lesson when I publish it": stored at once, and said; undone on screen when it fails. */
function NewLessonsChoice({
  backend,
  shown,
  onAnswer,
}: {
  backend: AnnouncementsBackend;
  shown: Announcements;
  onAnswer: (answer: Announcements) => void;
}) {
  const id = useId();
  const words = copy.newLessons;
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);

  async function change(on: boolean) {
    setSaving(true);
    setStatus(null);
    try {
      onAnswer(await backend.setNewLessons(on));
      setStatus({ text: on ? words.on : words.off, failed: false });
    } catch {
      setStatus({ text: words.saveFailed, failed: true });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mt-8 max-w-prose rounded-card border border-line bg-surface p-4">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-box`}
          type="checkbox"
          checked={shown.newLessons}
          disabled={saving}
          aria-describedby={`${id}-details`}
          onChange={(event) => void change(event.target.checked)}
          className="mt-0.5 size-6 shrink-0 cursor-pointer accent-link disabled:cursor-wait"
        />
        <label htmlFor={`${id}-box`} className="cursor-pointer font-semibold text-ink">
          {words.label}
        </label>
      </div>
      <p id={`${id}-details`} className="mt-2 text-sm text-ink-soft">
        {words.details}
      </p>
      <p
        role="status"
        aria-live="polite"
        className={`mt-2 text-sm empty:hidden ${status?.failed ? 'font-semibold text-red-700' : 'text-ink-soft'}`}
      >
        {status?.text}
      </p>
    </div>
  );
}
