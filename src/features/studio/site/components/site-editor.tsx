import { useCallback, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  type EverySiteWord,
  everySiteWordWith,
  type SiteWordKey,
  siteWordKeys,
} from '@/content/site-word-rules';
import { studioSiteCopy as copy } from '@/content/studio-site';
import { supabaseConfig } from '@/lib/supabase';
import { useLoad } from '@/lib/use-load';
import { SectionPending } from '../../components/section-pending';
import { type SiteBackend, SiteRefusal, type StudioSiteWords } from '../model/site-backend';
import { changedWords, siteWordProblems } from '../model/site-word-problems';
import { SiteHistory } from './site-history';
import { previewPartSelector, SitePreview } from './site-preview';
import { fieldId, SiteWordField } from './site-word-field';

/** The Site section over a back end: the owner's words, once they are read. */
export function SiteEditor({ backend }: { backend: SiteBackend }) {
  const load = useLoad(
    useCallback(() => backend.load(), [backend]),
    'Studio: the site words could not be loaded.',
  );
  if (load.state.status !== 'ready')
    return <SectionPending state={load.state} copy={copy} onRetry={load.retry} />;
  return <SiteWordsForm backend={backend} studio={load.state.value} onAnswer={load.set} />;
}

/**
 * Whether a static host serves the pages rather than the server they talk to: her words then reach them through a
 * build (the host's build hook), in minutes rather than seconds.
 */
const pagesBuiltByHost = () => new URL(supabaseConfig().url).origin !== window.location.origin;

const sameWords = (one: Readonly<Record<string, string>>, other: Readonly<Record<string, string>>) =>
  Object.keys(one).length === Object.keys(other).length &&
  Object.entries(one).every(([key, value]) => other[key] === value);

/**
 * Every word of the site the owner may change, by part of the site (each a link at the top of the form, for a
 * phone), with the site's own sections beside them in her words, scrolled to the part she is editing. A draft is
 * saved, or published (saved first); a published version is restored. What is wrong is said at its field before
 * anything is sent, and the database checks the same rules again.
 */
function SiteWordsForm({
  backend,
  studio,
  onAnswer,
}: {
  backend: SiteBackend;
  studio: StudioSiteWords;
  onAnswer: (studio: StudioSiteWords) => void;
}) {
  const id = useId();
  const [words, setWords] = useState<EverySiteWord>(() => everySiteWordWith(studio.draft));
  const [problems, setProblems] = useState<ReturnType<typeof siteWordProblems>>({});
  const [busy, setBusy] = useState<'saving' | 'publishing' | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const changes = changedWords(words);
  const unsaved = !sameWords(changes, studio.draft);
  const unpublished = unsaved || !sameWords(studio.draft, studio.published);

  /** Says what is wrong at each field and focuses the first; answers whether everything is fine. */
  function checked(): boolean {
    const found = siteWordProblems(words);
    setProblems(found);
    const first = siteWordKeys.find((key) => found[key]);
    if (first === undefined) return true;
    setMessage({ text: copy.problems.fix, failed: true });
    document.getElementById(fieldId(id, first))?.focus();
    return false;
  }

  async function run(kind: 'saving' | 'publishing', work: () => Promise<StudioSiteWords>, said: string) {
    setBusy(kind);
    setMessage(null);
    try {
      const answer = await work();
      onAnswer(answer);
      setWords(everySiteWordWith(answer.draft));
      setMessage({ text: said, failed: false });
    } catch (error) {
      console.error('Studio: the site words could not be changed.', error);
      const text =
        error instanceof SiteRefusal ? copy.status.refused(error.message) : copy.status.unreachable;
      setMessage({ text, failed: true });
    } finally {
      setBusy(null);
    }
  }

  /**
   * Brings the preview's part of group `group` to the top of its column. Only beside the form does the column
   * scroll on its own; under it, on a phone, it does not, and nothing moves under her fingers.
   */
  function showInPreview(group: string) {
    const column = preview.current;
    const part = column?.querySelector(previewPartSelector(group));
    if (!column || !part) return;
    column.scrollTop += part.getBoundingClientRect().top - column.getBoundingClientRect().top;
  }

  /** Scrolls to a part of the section and takes keyboard focus there, without opening a phone's keyboard. */
  function goTo(elementId: string) {
    const target = document.getElementById(elementId);
    target?.scrollIntoView({ block: 'start' });
    target?.focus();
  }

  const save = () => checked() && void run('saving', () => backend.saveDraft(changes), copy.status.saved);
  const publish = () =>
    checked() &&
    void run(
      'publishing',
      async () => {
        if (unsaved) await backend.saveDraft(changes);
        return backend.publish();
      },
      pagesBuiltByHost() ? copy.status.publishedToHost : copy.status.published,
    );

  return (
    <div className="mt-2">
      <p className="max-w-prose text-ink-soft">{copy.intro}</p>
      <div className="mt-4 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          aria-label={copy.formLabel}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            publish();
          }}
          className="grid content-start gap-8"
        >
          {/* Buttons, not links: the address's #fragment names the studio's section. */}
          <nav aria-label={copy.partsLabel}>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {[...copy.groups, { id: 'preview', label: copy.toPreview }].map((part) => (
                <li key={part.id} className={part.id === 'preview' ? 'lg:hidden' : undefined}>
                  <button
                    type="button"
                    onClick={() => goTo(`${id}-${part.id}`)}
                    className="inline-flex min-h-11 items-center text-left font-semibold text-link underline underline-offset-4"
                  >
                    {part.label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {copy.groups.map((group) => (
            <fieldset
              key={group.id}
              id={`${id}-${group.id}`}
              tabIndex={-1}
              onFocus={() => showInPreview(group.id)}
              className="grid scroll-mt-4 gap-5 rounded-card border border-line bg-surface p-4 sm:p-6"
            >
              <legend className="px-1 font-display text-lg font-semibold">{group.label}</legend>
              {(Object.keys(group.fields) as SiteWordKey[]).map((key) => (
                <SiteWordField
                  key={key}
                  formId={id}
                  name={key}
                  value={words[key]}
                  error={problems[key]}
                  disabled={busy !== null}
                  uploadPicture={backend.uploadPicture}
                  onChange={(value) => {
                    setWords((known) => ({ ...known, [key]: value }));
                    setProblems((known) => ({ ...known, [key]: undefined }));
                  }}
                />
              ))}
            </fieldset>
          ))}
          <div className="sticky bottom-0 -mx-1 grid gap-3 border-t border-line bg-paper/95 px-1 py-4 backdrop-blur">
            {/* Beside the buttons, so that on a phone what a press did is where she pressed. */}
            <p
              role="status"
              aria-live="polite"
              aria-atomic="true"
              className={`font-semibold empty:hidden ${message?.failed ? 'text-red-700' : 'text-green-800'}`}
            >
              {message?.text}
            </p>
            <p className="text-sm text-ink-soft">{unpublished ? copy.unpublished : copy.upToDate}</p>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy !== null || !unpublished}>
                {busy === 'publishing' ? copy.publishing : copy.publish}
              </Button>
              <Button variant="outline" disabled={busy !== null || !unsaved} onClick={save}>
                {busy === 'saving' ? copy.saving : copy.saveDraft}
              </Button>
            </div>
          </div>
        </form>
        <div className="grid content-start gap-10">
          <SiteHistory
            versions={studio.versions}
            busy={busy !== null}
            unsaved={unsaved}
            onRestore={(version) =>
              void run(
                'publishing',
                () => backend.restore(version),
                pagesBuiltByHost() ? copy.status.restoredToHost(version) : copy.status.restored(version),
              )
            }
          />
          {/* Last in its column, so that kept in view it covers nothing; its parts scroll on their own. */}
          <div className="scroll-mt-4 lg:sticky lg:top-4">
            <SitePreview id={`${id}-preview`} ref={preview} changes={changes} />
          </div>
        </div>
      </div>
    </div>
  );
}
