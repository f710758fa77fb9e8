import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioGuidesCopy } from '@/content/studio-guides';
import { carouselPlace, moveId } from '../model/guide-draft';
import { type GuidesBackend, GuidesRefusal, type StudioGuide } from '../model/guides-backend';
import { GuideForm } from './guide-form';
import { GuideList } from './guide-list';

const copy = studioGuidesCopy;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; guides: StudioGuide[] };

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
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [form, setForm] = useState<FormState>({ editing: null, round: 0 });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const formHeading = useRef<HTMLHeadingElement>(null);
  const focusForm = useRef(false);

  useEffect(() => {
    let current = true;
    backend.list().then(
      (guides) => {
        if (current) setLoaded({ status: 'ready', guides });
      },
      (error: unknown) => {
        console.error('Studio: the guides could not be loaded.', error);
        if (current) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [backend, attempt]);

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

  if (loaded.status === 'loading') return <p className="mt-4 text-ink-soft">{copy.loading}</p>;
  if (loaded.status === 'failed') {
    return (
      <div className="mt-4">
        <p role="alert" className="font-semibold text-red-700">
          {copy.loadFailed}
        </p>
        <Button
          variant="outline"
          className="mt-3"
          onClick={() => {
            setLoaded({ status: 'loading' });
            setAttempt((count) => count + 1);
          }}
        >
          {copy.tryAgain}
        </Button>
      </div>
    );
  }

  const { guides } = loaded;

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
    if (expected) setLoaded({ status: 'ready', guides: expected });
    try {
      const answer = await request();
      setLoaded({ status: 'ready', guides: answer });
      setMessage(done(answer));
    } catch (error) {
      if (expected) setLoaded({ status: 'ready', guides });
      if (error instanceof GuidesRefusal) {
        setMessage(copy.status.failed(error.message));
        // Refused, most often for a list someone changed meanwhile: read it again so a second try can work.
        setAttempt((count) => count + 1);
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

  return (
    <div className="mt-2">
      <p className="max-w-prose text-ink-soft">{copy.intro}</p>
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="mt-4 min-h-6 font-semibold text-green-800"
      >
        {message}
      </p>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <GuideList guides={guides} busy={busy} onMove={move} onToggle={toggle} onEdit={openForm} />
        <GuideForm
          key={form.round}
          guide={form.editing}
          position={carouselPlace(guides, form.editing?.id ?? null)}
          backend={backend}
          headingRef={formHeading}
          onSaved={(answer, saved) => {
            setLoaded({ status: 'ready', guides: answer });
            setMessage(saved);
            openForm(null);
          }}
          onCancel={() => openForm(null)}
        />
      </div>
    </div>
  );
}
