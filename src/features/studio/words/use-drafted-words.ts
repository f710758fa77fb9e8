import { useState } from 'react';
import { studioSiteCopy as copy } from '@/content/studio-site';
import { SiteRefusal, type StudioSiteWords, type WordsBackend } from '../site/model/site-backend';
import { pagesBuiltByHost } from './pages-built-by-host';
import { draftWith, sameWords, unpublishedChanges } from './unpublished';

/** What a words form is doing: a press at a time. */
export type Busy = 'saving' | 'publishing' | 'sending';

/** A section's fields: their order, their shipped words, and what is wrong with words typed into them. */
export interface WordSet<Key extends string> {
  keys: readonly Key[];
  defaults: Readonly<Record<Key, string>>;
  problems: (words: Readonly<Record<Key, string>>) => Partial<Record<Key, string>>;
}

/**
 * One section's share of the owner's words: its fields' words as typed (the draft's, the shipped ones elsewhere),
 * what is wrong with them, and the presses: save the draft, publish it (saved first), restore a version. Each
 * save keeps the other section's drafted words, and what is unpublished is counted for both (unpublished.ts).
 */
export function useDraftedWords<Key extends string>({
  backend,
  studio,
  onAnswer,
  fields,
  focus,
}: {
  backend: WordsBackend;
  studio: StudioSiteWords;
  onAnswer: (studio: StudioSiteWords) => void;
  fields: WordSet<Key>;
  /** Focuses a field's box (the first wrong one). */
  focus: (key: Key) => void;
}) {
  const wordsOf = (changes: Readonly<Record<string, string>>) =>
    Object.fromEntries(fields.keys.map((key) => [key, changes[key] ?? fields.defaults[key]])) as Record<
      Key,
      string
    >;
  const [words, setWords] = useState(() => wordsOf(studio.draft));
  const [problems, setProblems] = useState<Partial<Record<Key, string>>>({});
  const [busy, setBusy] = useState<Busy | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const changes: Record<string, string> = Object.fromEntries(
    fields.keys.filter((key) => words[key] !== fields.defaults[key]).map((key) => [key, words[key]]),
  );
  const draft = draftWith(studio.draft, fields.keys, changes);
  const unsaved = !sameWords(draft, studio.draft);
  const counts = unpublishedChanges(draft, studio.published);

  /** Says what is wrong at each field and focuses the first; answers whether everything is fine. */
  function checked(): boolean {
    const found = fields.problems(words);
    setProblems(found);
    const first = fields.keys.find((key) => found[key]);
    if (first === undefined) return true;
    setMessage({ text: copy.problems.fix, failed: true });
    focus(first);
    return false;
  }

  /** Runs a press: `said` (or what it makes of the answer) is shown when it worked, the reason when not. */
  async function run(kind: Busy, work: () => Promise<StudioSiteWords>, said: () => string) {
    setBusy(kind);
    setMessage(null);
    try {
      const answer = await work();
      onAnswer(answer);
      setWords(wordsOf(answer.draft));
      setMessage({ text: said(), failed: false });
    } catch (error) {
      console.error('Studio: the owner’s words could not be changed.', error);
      const text =
        error instanceof SiteRefusal ? copy.status.refused(error.message) : copy.status.unreachable;
      setMessage({ text, failed: true });
    } finally {
      setBusy(null);
    }
  }

  /** The draft saved first when the form holds changes, then `work` on it. */
  const afterSaving = async (work: () => Promise<StudioSiteWords>) => {
    if (unsaved) await backend.saveDraft(draft);
    return work();
  };

  return {
    words,
    problems,
    busy,
    message,
    changes,
    unsaved,
    counts,
    setWord(key: Key, value: string) {
      setWords((known) => ({ ...known, [key]: value }));
      setProblems((known) => ({ ...known, [key]: undefined }));
    },
    save: () =>
      checked() &&
      void run(
        'saving',
        () => backend.saveDraft(draft),
        () => copy.status.saved,
      ),
    publish: (said: string) =>
      checked() &&
      void run(
        'publishing',
        () => afterSaving(() => backend.publish()),
        () => said,
      ),
    restore: (version: number) =>
      void run(
        'publishing',
        () => backend.restore(version),
        () => (pagesBuiltByHost() ? copy.status.restoredToHost(version) : copy.status.restored(version)),
      ),
    /** Another press of the section's own, on the saved draft (saved first when the words check out). */
    onDraft: (kind: Busy, work: () => Promise<StudioSiteWords>, said: () => string) =>
      checked() && void run(kind, () => afterSaving(work), said),
  };
}
