import { type FormEvent, useEffect, useId, useReducer, useRef } from 'react';
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

const variants = {
  full: {
    form: 'space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8',
    title: 'text-2xl font-bold text-slate-900',
    grid: 'grid gap-2 sm:grid-cols-2 lg:grid-cols-3',
  },
  compact: {
    form: 'space-y-5',
    title: 'text-xl font-bold text-slate-900',
    grid: 'grid gap-2 sm:grid-cols-2',
  },
} as const;

const buttonBase =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-5 font-semibold focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed';
const primaryButton = `${buttonBase} bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-400`;
const secondaryButton = `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50`;

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
        <button
          type="button"
          className={secondaryButton}
          disabled={step === 1}
          onClick={() => navigate({ type: 'back' })}
        >
          {signupCopy.back}
        </button>
        {/* Distinct keys: reusing one <button> would turn the clicked Next into a submit mid-click. */}
        {step < TOTAL_STEPS ? (
          <button
            key="next"
            type="button"
            className={primaryButton}
            onClick={() => navigate({ type: 'next' })}
          >
            {signupCopy.next}
          </button>
        ) : (
          <button
            key="submit"
            ref={submitRef}
            type="submit"
            className={primaryButton}
            disabled={sending}
            aria-describedby={message ? messageId : undefined}
          >
            {sending ? signupCopy.contact.sending : signupCopy.contact.submit}
          </button>
        )}
        {hasAnswers(state) && !sending && (
          <button
            type="button"
            className={`${buttonBase} ml-auto px-3 font-medium text-slate-600 underline underline-offset-4 hover:text-slate-900`}
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
