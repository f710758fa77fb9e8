import { useCallback, useId, useRef } from 'react';
import {
  everySiteWordDefault,
  type SiteWordKey,
  siteWordKeys,
  siteWordRules,
} from '@/content/site-word-rules';
import { studioSiteCopy as copy } from '@/content/studio-site';
import { useLoad } from '@/lib/use-load';
import { SectionPending } from '../../components/section-pending';
import { pagesBuiltByHost } from '../../words/pages-built-by-host';
import { PublishBar } from '../../words/publish-bar';
import { useDraftedWords, type WordSet } from '../../words/use-drafted-words';
import { fieldId, WordField } from '../../words/word-field';
import type { SiteBackend, StudioSiteWords } from '../model/site-backend';
import { siteWordProblems } from '../model/site-word-problems';
import { SiteHistory } from './site-history';
import { isPictureKey, SitePictureField } from './site-picture-field';
import { previewPartSelector, SitePreview } from './site-preview';
import { isTeaserFileKey, SiteTeaserFileField } from './site-teaser-file-field';

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

const pageWords: WordSet<SiteWordKey> = {
  keys: siteWordKeys,
  defaults: everySiteWordDefault,
  problems: siteWordProblems,
};

/** Longer words (not an address) get a box of several lines. */
const MULTILINE_FROM = 150;

/** A box of several lines for a field of paragraphs or of long words; one line otherwise. */
const rowsOf = (key: SiteWordKey) => {
  const rule = siteWordRules[key];
  if (rule.kind === 'paragraphs') return 8;
  return rule.kind === 'text' && rule.maxLength >= MULTILINE_FROM ? 3 : undefined;
};

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
  const form = useDraftedWords({
    backend,
    studio,
    onAnswer,
    fields: pageWords,
    focus: (key) => document.getElementById(fieldId(id, key))?.focus(),
  });
  const preview = useRef<HTMLDivElement>(null);

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

  return (
    <div className="mt-2">
      <p className="max-w-prose text-ink-soft">{copy.intro}</p>
      <div className="mt-4 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          aria-label={copy.formLabel}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.publish(pagesBuiltByHost() ? copy.status.publishedToHost : copy.status.published);
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
              {(Object.keys(group.fields) as SiteWordKey[]).map((key) => {
                const field = {
                  id: fieldId(id, key),
                  value: form.words[key],
                  error: form.problems[key],
                  disabled: form.busy !== null,
                  onChange: (value: string) => form.setWord(key, value),
                };
                if (isPictureKey(key))
                  return <SitePictureField key={key} name={key} upload={backend.uploadPicture} {...field} />;
                if (isTeaserFileKey(key))
                  return <SiteTeaserFileField key={key} name={key} backend={backend} {...field} />;
                return (
                  <WordField
                    key={key}
                    label={copy.fields[key].label}
                    hint={copy.fields[key].hint}
                    shipped={everySiteWordDefault[key]}
                    maxLength={siteWordRules[key].maxLength}
                    rows={rowsOf(key)}
                    {...field}
                  />
                );
              })}
            </fieldset>
          ))}
          <PublishBar
            message={form.message}
            counts={form.counts}
            busy={form.busy}
            unsaved={form.unsaved}
            onSave={form.save}
          />
        </form>
        <div className="grid grid-cols-1 content-start gap-10">
          <SiteHistory
            versions={studio.versions}
            busy={form.busy !== null}
            unsaved={form.unsaved}
            onRestore={form.restore}
          />
          {/* Last in its column, so that kept in view it covers nothing; its parts scroll on their own. */}
          <div className="scroll-mt-4 lg:sticky lg:top-4">
            <SitePreview id={`${id}-preview`} ref={preview} changes={form.changes} />
          </div>
        </div>
      </div>
    </div>
  );
}
