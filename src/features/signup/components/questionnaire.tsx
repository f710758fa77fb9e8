import { type FormEvent, type RefObject, Suspense, lazy, useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { signupCopy } from '@/content/signup';
import { AboutYouStep } from '@/shared/questionnaire/about-you-step';
import { DreamStep } from '@/shared/questionnaire/dream-step';
import {
  type QuestionnaireAction,
  type QuestionnaireState,
  type Step,
  TOTAL_STEPS,
  contactErrors,
  initialState,
  shownContactErrors,
  signupPayload,
  suggestedEmail,
} from '@/shared/questionnaire/questionnaire';
import { questionnaireStore, useQuestionnaireState } from '@/shared/questionnaire/questionnaire-store';
import { WorriesStep } from '@/shared/questionnaire/worries-step';
import { ContactStep } from './contact-step';
import { IntroStep } from './intro-step';
import { ProgressBar } from './progress-bar';

/** The success panel is fetched while the sign-up is sent, so the landing page's first load does not carry it. */
const loadSentPanel = () => import('./sent-panel');
const SentPanel = lazy(() => loadSentPanel().then((module) => ({ default: module.SentPanel })));

const stepTitles: Record<Step, string> = {
  1: signupCopy.intro.title,
  2: signupCopy.worries.title,
  3: signupCopy.dream.title,
  4: signupCopy.aboutYou.title,
  5: signupCopy.contact.title,
};

const { contact } = signupCopy;
/** The sent and failed messages as they stand; a refused address or a rate limit adds what to do next. */
const submitMessages = {
  sent: { text: contact.sent, tone: 'text-green-800' },
  'send-failed': { text: contact.sendFailed, tone: 'text-red-700' },
  'address-rejected': { text: `${contact.sendFailed} ${contact.addressRejected}`, tone: 'text-red-700' },
  'rate-limited': { text: `${contact.sendFailed} ${contact.rateLimited}`, tone: 'text-red-700' },
  'strengths-missing': { text: contact.strengthsMissing, tone: 'text-red-700' },
  'typo-held': { text: contact.typoHeld, tone: 'text-ink' },
} as const;

/**
 * The shells give the frame (the section's card, the dialog); the variants scale the form to it. Options sit
 * in two columns from the narrowest phone up. In the dialog, which is a full-height sheet on phones, the
 * progress bar sticks to the top (beside the sheet's close button) and the buttons to the bottom.
 */
const variants = {
  full: {
    form: 'space-y-6',
    progress: '',
    outcome: '',
    title: 'font-display text-2xl font-semibold tracking-tight text-ink sm:text-3xl',
    grid: 'grid grid-cols-2 gap-2 md:grid-cols-3',
    actions: '',
    afterSent: '',
  },
  compact: {
    form: 'space-y-5 max-sm:flex max-sm:flex-1 max-sm:flex-col',
    /** Brought into view above the bottom bar, not behind it. */
    outcome: 'max-sm:scroll-mb-40',
    progress:
      'max-sm:sticky max-sm:top-0 max-sm:z-10 max-sm:-mx-5 max-sm:border-b max-sm:border-line max-sm:bg-surface max-sm:py-3 max-sm:pr-16 max-sm:pl-5',
    title: 'font-display text-xl font-semibold tracking-tight text-ink',
    grid: 'grid grid-cols-2 gap-2',
    actions:
      'max-sm:sticky max-sm:bottom-0 max-sm:mt-auto max-sm:z-10 max-sm:-mx-5 max-sm:border-t max-sm:border-line max-sm:bg-surface max-sm:px-5 max-sm:py-3',
    /** On a phone the success panel replaces the bar: nothing covers it, and nothing offers to send again. */
    afterSent: 'max-sm:hidden',
  },
} as const;

function hasAnswers(state: QuestionnaireState): boolean {
  return (
    state.step !== initialState.step || JSON.stringify(state.answers) !== JSON.stringify(initialState.answers)
  );
}

interface QuestionnaireProps {
  variant: 'full' | 'compact';
  stepHeadingRef?: RefObject<HTMLHeadingElement | null>;
  onWatchTeaser?: () => void;
}

/**
 * The five-step sign-up questionnaire. Every instance shows the
 * one shared store, so the section (`full`) and the dialog (`compact`) are the same form. Focus moves to the
 * step's heading only in the instance the visitor is using, and never on page load. `stepHeadingRef` lets the page focus the heading
 * too; `onWatchTeaser` is where the success panel's teaser link leads.
 */
export function Questionnaire({ variant, stepHeadingRef, onWatchTeaser }: QuestionnaireProps) {
  const state = useQuestionnaireState();
  const { step, answers, sending, message, sentTo } = state;
  const styles = variants[variant];
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const messageId = `${idPrefix}-message`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const suggestionRef = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const dispatch = questionnaireStore.dispatch;
  const sentToThisAddress = message === 'sent' && sentTo === signupPayload(answers).email;

  function navigate(action: QuestionnaireAction) {
    const before = questionnaireStore.getState().step;
    // The new step is rendered at once, so its heading can take the focus in this same click.
    flushSync(() => dispatch(action));
    if (action.type === 'startOver' || questionnaireStore.getState().step !== before)
      headingRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function submit() {
    // Rendered at once, so the field that takes the focus already carries its error.
    const sent = flushSync(() => questionnaireStore.submit());
    const after = questionnaireStore.getState();
    if (after.sending) void loadSentPanel();
    else {
      const errors = contactErrors(after.answers);
      if (errors.name) nameRef.current?.focus();
      else if (errors.email) emailRef.current?.focus();
      else if (after.message === 'typo-held') suggestionRef.current?.focus();
    }
    void sent.then(() => {
      // The disabled "Sending..." button dropped the focus; give it back to the button, or where the bar gave
      // way to the success panel, to the outcome.
      if (document.activeElement === document.body) {
        submitRef.current?.focus();
        if (document.activeElement === document.body) outcomeRef.current?.focus();
      }
      // In a scrolling sheet the outcome may be out of view: bring it into view where the visitor is.
      if (submitRef.current?.contains(document.activeElement))
        outcomeRef.current?.scrollIntoView({ block: 'nearest' });
    });
  }

  return (
    // noValidate: the browser's bubble would vanish; the contact step shows each error under its field.
    <form className={styles.form} onSubmit={onSubmit} aria-busy={sending} noValidate>
      <div className={styles.progress}>
        <ProgressBar step={step} />
      </div>

      <h3
        ref={(node) => {
          headingRef.current = node;
          if (stepHeadingRef) stepHeadingRef.current = node;
        }}
        id={headingId}
        tabIndex={-1}
        // A ring only when the keyboard brought the focus here (e.g. Escape closing the dialog), not after a click.
        className={`${styles.title} focus:not-focus-visible:outline-none`}
      >
        {stepTitles[step]}
      </h3>

      {step === 1 && <IntroStep />}
      {step === 2 && (
        <WorriesStep
          worries={answers.worries}
          labelledBy={headingId}
          gridClassName={styles.grid}
          dispatch={dispatch}
        />
      )}
      {step === 3 && <DreamStep dream={answers.dream} labelledBy={headingId} dispatch={dispatch} />}
      {step === 4 && (
        <AboutYouStep
          answers={answers}
          showError={state.strengthsError}
          idPrefix={idPrefix}
          gridClassName={styles.grid}
          dispatch={dispatch}
        />
      )}
      {step === 5 && (
        <ContactStep
          answers={answers}
          errors={shownContactErrors(state)}
          suggestion={suggestedEmail(state)}
          checkEmail={state.contactAttempted || state.emailLeft}
          idPrefix={idPrefix}
          nameRef={nameRef}
          emailRef={emailRef}
          suggestionRef={suggestionRef}
          dispatch={dispatch}
          onPickSuggestion={(suggestion) => {
            // After a held submit, picking the address is the answer to it: the corrected address is sent.
            const held = questionnaireStore.getState().message === 'typo-held';
            dispatch({ type: 'setEmail', email: suggestion });
            if (held) submit();
            else emailRef.current?.focus();
          }}
          onKeepEmail={() => {
            dispatch({ type: 'keepEmail' });
            submit();
          }}
        />
      )}

      {step === TOTAL_STEPS && (
        <div ref={outcomeRef} tabIndex={-1} className={`space-y-4 outline-none ${styles.outcome}`}>
          <p
            id={messageId}
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className={`font-semibold ${message ? submitMessages[message].tone : ''}`}
          >
            {message && submitMessages[message].text}
          </p>
          {message === 'sent' && sentTo && (
            <Suspense>
              <SentPanel
                sentTo={sentTo}
                onChangeAddress={() => emailRef.current?.focus()}
                onWatchTeaser={onWatchTeaser}
              />
            </Suspense>
          )}
        </div>
      )}

      <div
        className={`flex flex-wrap items-center gap-3 ${styles.actions} ${sentToThisAddress ? styles.afterSent : ''}`}
      >
        {/* Distinct keys: reusing one <button> would turn the clicked Next into a submit mid-click. */}
        {step === TOTAL_STEPS && (
          <Button
            key="submit"
            ref={submitRef}
            type="submit"
            disabled={sending}
            aria-describedby={message ? messageId : undefined}
            className="w-full"
          >
            {sending ? contact.sending : contact.submit}
          </Button>
        )}
        <Button variant="outline" disabled={step === 1} onClick={() => navigate({ type: 'back' })}>
          {signupCopy.back}
        </Button>
        {step < TOTAL_STEPS && (
          <Button key="next" variant="dark" onClick={() => navigate({ type: 'next' })}>
            {signupCopy.next}
          </Button>
        )}
        {hasAnswers(state) && !sending && (
          <button
            type="button"
            className="ml-auto inline-flex min-h-11 items-center rounded-full px-3 font-medium text-ink-muted underline underline-offset-4 hover:text-ink"
            onClick={() => navigate({ type: 'startOver' })}
          >
            {signupCopy.startOver}
          </button>
        )}
      </div>
    </form>
  );
}
