import { useCallback, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type EmailWordKey, emailWordDefaults, type WordedEmail } from '@/content/emails';
import { emailWordKeys, emailWordRules } from '@/content/email-word-rules';
import { studioEmailsCopy as copy } from '@/content/studio-emails';
import { useLoad } from '@/lib/use-load';
import { SectionPending } from '../../components/section-pending';
import type { StudioSiteWords, WordsBackend } from '../../site/model/site-backend';
import { SiteHistory } from '../../site/components/site-history';
import { PublishBar } from '../../words/publish-bar';
import { useDraftedWords, type WordSet } from '../../words/use-drafted-words';
import { fieldId, WordField } from '../../words/word-field';
import { emailWordProblems } from '../model/email-word-problems';
import type { TestSender } from '../model/test-sender';
import { EmailPreview } from './email-preview';

/** The E-mails section over a back end (the site words' one) and a way to send her a test. */
export function EmailsEditor({ backend, sendTest }: { backend: WordsBackend; sendTest: TestSender }) {
  const load = useLoad(
    useCallback(() => backend.load(), [backend]),
    'Studio: the e-mails’ words could not be loaded.',
  );
  if (load.state.status !== 'ready')
    return <SectionPending state={load.state} copy={copy} onRetry={load.retry} />;
  return (
    <EmailWordsForm backend={backend} sendTest={sendTest} studio={load.state.value} onAnswer={load.set} />
  );
}

const emailWords: WordSet<EmailWordKey> = {
  keys: emailWordKeys,
  defaults: emailWordDefaults,
  problems: emailWordProblems,
};

const wordedEmails = Object.keys(copy.emails) as WordedEmail[];

/**
 * The words of one e-mail at a time, beside that e-mail as the core renders it. They are saved, published and
 * restored with the page's words (one draft, one history); a test sends her the e-mail in her draft's words,
 * saved first.
 */
function EmailWordsForm({
  backend,
  sendTest,
  studio,
  onAnswer,
}: {
  backend: WordsBackend;
  sendTest: TestSender;
  studio: StudioSiteWords;
  onAnswer: (studio: StudioSiteWords) => void;
}) {
  const id = useId();
  const [shown, setShown] = useState<WordedEmail>('course');
  // The reminder's preview speaks to the field she last changed: an opening, or the line on lessons left.
  const [lastChanged, setLastChanged] = useState<EmailWordKey | null>(null);
  const moment = useMemo(
    () => ({
      started: lastChanged !== 'email.reminder.introNotStarted',
      oneLeft: lastChanged === 'email.reminder.leftOne',
    }),
    [lastChanged],
  );
  const form = useDraftedWords({
    backend,
    studio,
    onAnswer,
    fields: emailWords,
    focus: (key) => {
      const email = wordedEmails.find((name) => key in copy.emails[name].fields);
      if (email) setShown(email);
      // Once the e-mail holding it is shown.
      setTimeout(() => document.getElementById(fieldId(id, key))?.focus());
    },
  });
  const email = copy.emails[shown];
  const sendTestNow = () => {
    let address = '';
    form.onDraft(
      'sending',
      async () => {
        address = await sendTest(shown);
        return backend.load();
      },
      () => copy.status.testSent(address),
    );
  };
  return (
    <div className="mt-2">
      <p className="max-w-prose text-ink-soft">{copy.intro}</p>
      <div role="group" aria-label={copy.choose} className="mt-4 flex flex-wrap gap-2">
        {wordedEmails.map((name) => (
          <Button
            key={name}
            variant={name === shown ? 'dark' : 'outline'}
            size="sm"
            aria-pressed={name === shown}
            onClick={() => setShown(name)}
          >
            {copy.emails[name].label}
          </Button>
        ))}
      </div>
      <div className="mt-4 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          aria-label={copy.formLabel}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.publish(copy.status.published);
          }}
          className="grid content-start gap-8"
        >
          <fieldset className="grid gap-5 rounded-card border border-line bg-surface p-4 sm:p-6">
            <legend className="px-1 font-display text-lg font-semibold">{email.label}</legend>
            <p className="text-ink-soft">{email.when}</p>
            {(Object.keys(email.fields) as EmailWordKey[]).map((key) => (
              <WordField
                key={key}
                id={fieldId(id, key)}
                label={copy.fields[key].label}
                hint={copy.fields[key].hint}
                value={form.words[key]}
                shipped={emailWordDefaults[key]}
                maxLength={emailWordRules[key].maxLength}
                rows={emailWordRules[key].oneLine ? undefined : 3}
                error={form.problems[key]}
                disabled={form.busy !== null}
                onChange={(value) => {
                  setLastChanged(key);
                  form.setWord(key, value);
                }}
              />
            ))}
          </fieldset>
          <PublishBar
            message={form.message}
            counts={form.counts}
            busy={form.busy}
            unsaved={form.unsaved}
            onSave={form.save}
          >
            <Button variant="outline" disabled={form.busy !== null} onClick={sendTestNow}>
              {form.busy === 'sending' ? copy.sendingTest : copy.sendTest}
            </Button>
          </PublishBar>
        </form>
        <div className="grid content-start gap-10">
          <SiteHistory
            versions={studio.versions}
            busy={form.busy !== null}
            unsaved={form.unsaved}
            onRestore={form.restore}
          />
          <div className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto">
            <EmailPreview email={shown} words={form.words} moment={moment} />
          </div>
        </div>
      </div>
    </div>
  );
}
