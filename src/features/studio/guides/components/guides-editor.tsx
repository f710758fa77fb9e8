import { useCallback, useEffect, useRef, useState } from 'react';
import { studioGuidesCopy } from '@/content/studio-guides';
import { useLoad } from '@/lib/use-load';
import { carouselPlace, moveId } from '../model/guide-draft';
import { type GuidesBackend, GuidesRefusal, type StudioGuide } from '../model/guides-backend';
import { GuideForm } from './guide-form';
import { GuideList } from './guide-list';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SectionPending } from '../../components/section-pending';

const copy = studioGuidesCopy;

/** Where the form is: adding a new guide, or editing one. `round` starts a fresh form after each save. */
interface FormState {
  editing: StudioGuide | null;
  round: number;
}

/**
 * The Guides section: the list in carousel order (move, show, hide) beside the add and edit form, and one
 * live message after each change saying what the landing page now shows.
 */
export function GuidesEditor({ backend }: { backend: GuidesBackend }) {
  const list = useLoad(
    useCallback(() => backend.list(), [backend]),
    'Studio: the guides could not be loaded.',
  );
  const [form, setForm] = useState<FormState>({ editing: null, round: 0 });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  /** The guide the owner asked to delete, while she is asked to confirm. */
  const [deleting, setDeleting] = useState<StudioGuide | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const focusForm = useRef(false);

  // After Edit, Cancel or a save, the focus goes to the form's heading, so the next step starts there.
  useEffect(() => {
    if (!focusForm.current) return;
    focusForm.current = false;
    formHeading.current?.focus();
  }, [form]);

  function openForm(editing: StudioGuide | null) {
    focusForm.current = true;
    setForm((previous) => ({ editing, round: previous.round + 1 }));
  }

  if (list.state.status !== 'ready') {
    return <SectionPending state={list.state} copy={copy} onRetry={list.retry} />;
  }

  const guides = list.state.value;

  /**
   * One change: shown at once when `expected` is given, then as the database answers. On a failure the list is
   * as before, and read again when the database refused.
   */
  async function change(
    request: () => Promise<StudioGuide[]>,
    done: (guides: StudioGuide[]) => string,
    expected?: StudioGuide[],
  ) {
    setBusy(true);
    setMessage('');
    if (expected) list.set(expected);
    try {
      const answer = await request();
      list.set(answer);
      setMessage(done(answer));
    } catch (error) {
      if (expected) list.set(guides);
      if (error instanceof GuidesRefusal) {
        setMessage(copy.status.failed(error.message));
        // Refused, most often for a list someone changed meanwhile: read it again so a second try can work.
        list.reload();
      } else {
        setMessage(copy.status.unreachable);
      }
    } finally {
      setBusy(false);
    }
  }

  function move(guide: StudioGuide, to: number) {
    const ids = moveId(
      guides.map((listed) => listed.id),
      guides.indexOf(guide),
      to,
    );
    const expected = ids.flatMap((id) => guides.filter((listed) => listed.id === id));
    void change(
      () => backend.reorder(ids),
      (answer) =>
        copy.status.moved(
          guide.name,
          answer.findIndex((listed) => listed.id === guide.id) + 1,
          answer.length,
        ),
      expected,
    );
  }

  function toggle(guide: StudioGuide) {
    const active = !guide.isActive;
    void change(
      () => backend.setActive(guide.id, active),
      () => (active ? copy.status.shown(guide.name) : copy.status.hidden(guide.name)),
    );
  }

  function remove(guide: StudioGuide) {
    setDeleting(null);
    if (form.editing?.id === guide.id) openForm(null);
    void change(
      () => backend.remove(guide.id),
      () => copy.status.deleted(guide.name),
    ).then(() => {
      // The guide's row went with the button that had the focus: it goes to what became of her deletion.
      status.current?.focus();
    });
  }

  return (
    <div className="mt-2">
      <p className="max-w-prose text-ink-soft">{copy.intro}</p>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="mt-4 min-h-6 font-semibold text-green-800"
      >
        {message}
      </p>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <GuideList
          guides={guides}
          busy={busy}
          onMove={move}
          onToggle={toggle}
          onEdit={openForm}
          onDelete={setDeleting}
        />
        <GuideForm
          key={form.round}
          guide={form.editing}
          position={carouselPlace(guides, form.editing?.id ?? null)}
          backend={backend}
          headingRef={formHeading}
          onSaved={(answer, saved) => {
            list.set(answer);
            setMessage(saved);
            openForm(null);
          }}
          onCancel={() => openForm(null)}
        />
      </div>
      {deleting && (
        <ConfirmDialog
          words={{ ...copy.deleteGuide, title: copy.deleteGuide.title(deleting.name) }}
          onAnswer={(goAhead) => (goAhead ? remove(deleting) : setDeleting(null))}
        />
      )}
    </div>
  );
}
