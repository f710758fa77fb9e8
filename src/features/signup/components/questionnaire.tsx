import { type FormEvent, useEffect, useId, useReducer, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { signupCopy } from '@/content/signup';
import {
  type QuestionnaireAction,
  type QuestionnaireState,
  type Step,
  TOTAL_STEPS,
  initialState,
} from '../model/questionnaire';
import { questionnaireStore, useQuestionnaireState } from '../questionnaire-store';
import { AboutYouStep } from './about-you-step';
import { ContactStep } from './contact-step';
import { DreamStep } from './dream-step';
import { IntroStep } from './intro-step';
import { ProgressBar } from './progress-bar';
import { WorriesStep } from './worries-step';

const stepTitles: Record<Step, string> = {
  1: signupCopy.intro.title,
  2: signupCopy.worries.title,
  3: signupCopy.dream.title,
  4: signupCopy.aboutYou.title,
  5: signupCopy.contact.title,
};

const submitMessages = {
  sent: { text: signupCopy.contact.sent, tone: 'text-green-800' },
  'send-failed': { text: signupCopy.contact.sendFailed, tone: 'text-red-700' },
  'strengths-missing': { text: signupCopy.contact.strengthsMissing, tone: 'text-red-700' },
} as const;

/** The shells give the frame (the section's card, the dialog); the variants only scale the form to it. */
const variants = {
  full: {
    form: 'space-y-6',
    title: 'font-display text-2xl font-semibold tracking-tight text-ink sm:text-3xl',
    grid: 'grid gap-2 sm:grid-cols-2 md:grid-cols-3',
  },
  compact: {
    form: 'space-y-5',
    title: 'font-display text-xl font-semibold tracking-tight text-ink',
    grid: 'grid gap-2 sm:grid-cols-2',
  },
} as const;

function hasAnswers(state: QuestionnaireState): boolean {
  return (
    state.step !== initialState.step || JSON.stringify(state.answers) !== JSON.stringify(initialState.answers)
  );
}

/**
 * The five-step sign-up questionnaire (spec §4). Every instance shows the one shared store, so the section
 * (`full`) and the dialog (`compact`) are the same form. Focus moves to the step's heading only in the
 * instance the visitor is using, and never on page load.
 */
export function Questionnaire({ variant }: { variant: 'full' | 'compact' }) {
  const state = useQuestionnaireState();
  const { step, answers, sending, message } = state;
  const styles = variants[variant];
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const messageId = `${idPrefix}-message`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [headingFocusRequests, requestHeadingFocus] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    if (headingFocusRequests > 0) headingRef.current?.focus();
  }, [headingFocusRequests]);

  const dispatch = questionnaireStore.dispatch;

  function navigate(action: QuestionnaireAction) {
    const before = questionnaireStore.getState().step;
    dispatch(action);
    if (action.type === 'startOver' || questionnaireStore.getState().step !== before) requestHeadingFocus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void questionnaireStore.submit().then(() => {
      // The disabled "Sending..." button dropped the focus; give it back to the button.
      if (document.activeElement === document.body) submitRef.current?.focus();
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-busy={sending}>
      <ProgressBar step={step} />

      <h3 ref={headingRef} id={headingId} tabIndex={-1} className={`${styles.title} focus:outline-none`}>
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
      {step === 5 && <ContactStep answers={answers} idPrefix={idPrefix} dispatch={dispatch} />}

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={step === 1} onClick={() => navigate({ type: 'back' })}>
          {signupCopy.back}
        </Button>
        {/* Distinct keys: reusing one <button> would turn the clicked Next into a submit mid-click. */}
        {step < TOTAL_STEPS ? (
          <Button key="next" variant="dark" onClick={() => navigate({ type: 'next' })}>
            {signupCopy.next}
          </Button>
        ) : (
          <Button
            key="submit"
            ref={submitRef}
            type="submit"
            disabled={sending}
            aria-describedby={message ? messageId : undefined}
          >
            {sending ? signupCopy.contact.sending : signupCopy.contact.submit}
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

      {step === TOTAL_STEPS && (
        <p
          id={messageId}
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className={`min-h-6 font-semibold ${message ? submitMessages[message].tone : ''}`}
        >
          {message && submitMessages[message].text}
        </p>
      )}
    </form>
  );
}
