import { useId, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';
import { signupCopy } from '@/content/signup';
import { forgetPlan } from '@/shared/plan-notes/plan-store';
import { AboutYouStep } from '@/shared/questionnaire/about-you-step';
import { DreamStep } from '@/shared/questionnaire/dream-step';
import { questionnaireStore, useQuestionnaireState } from '@/shared/questionnaire/questionnaire-store';
import { WorriesStep } from '@/shared/questionnaire/worries-step';
import { type Tailoring, hasTailoringAnswers, inSentence } from '../model/tailoring';

const copy = courseCopy.tailoring;
/** "Not now" holds for this visit (the tab), so the offer comes back another day. */
const SKIPPED_KEY = 'three-lenses.tailoring-skipped.v1';

const noChange = () => () => {};
/** False while prerendering and hydrating, true after: the answers live on the device only. */
function useInBrowser() {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

function wasSkipped() {
  try {
    return window.sessionStorage.getItem(SKIPPED_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberSkip() {
  try {
    window.sessionStorage.setItem(SKIPPED_KEY, '1');
  } catch {
    // Blocked storage: the offer only stays hidden until the page is left.
  }
}

function echoText(tailoring: Tailoring) {
  const { echo } = tailoring;
  if (!echo) return copy.noEcho;
  return copy.echo[echo.kind](inSentence(echo.said), echo.lessonNumber);
}

/**
 * "Made for you": the course tailored on this device by the questionnaire's answers. With answers, one line in
 * the visitor's own words and how many lessons are marked, with the ways to change or forget them; without,
 * the offer of the short form (the questionnaire's own questions, name and e-mail left out), which "Not now"
 * puts away. The answers are read and written on the device only.
 */
export function CourseTailoring({ tailoring }: { tailoring: Tailoring }) {
  const inBrowser = useInBrowser();
  const { answers } = useQuestionnaireState();
  const [editing, setEditing] = useState(false);
  const [skipped, setSkipped] = useState(wasSkipped);
  const [forgotten, setForgotten] = useState(false);
  const headingId = useId();
  if (!inBrowser) return null;

  const answered = hasTailoringAnswers(answers);
  if (!answered && !editing && (skipped || forgotten)) {
    return forgotten ? (
      <p
        role="status"
        className="rounded-2xl bg-surface p-4 text-sm font-medium text-ink-soft ring-1 ring-line"
      >
        {copy.forgotten}
      </p>
    ) : null;
  }

  function forget() {
    questionnaireStore.dispatch({ type: 'startOver' });
    forgetPlan();
    setEditing(false);
    setForgotten(true);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-surface p-5 shadow-card ring-1 ring-line">
      <h2 id={headingId} className="font-display text-xl font-semibold tracking-tight">
        {answered || editing ? copy.heading : copy.offer.heading}
      </h2>
      {editing ? (
        <ShortForm onDone={() => setEditing(false)} />
      ) : answered ? (
        <>
          <p className="mt-2 font-medium text-ink">{echoText(tailoring)}</p>
          {tailoring.picked.size > 0 && (
            <p className="mt-1 text-sm text-ink-soft">{copy.picked(tailoring.picked.size)}</p>
          )}
          <p className="mt-3 text-sm text-ink-muted">{copy.kept}</p>
          <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
            <TextButton onClick={() => setEditing(true)}>{copy.change}</TextButton>
            <TextButton onClick={forget}>{copy.forget}</TextButton>
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-ink-soft">{copy.offer.body}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button variant="dark" onClick={() => setEditing(true)}>
              {copy.offer.start}
            </Button>
            <TextButton
              onClick={() => {
                rememberSkip();
                setSkipped(true);
              }}
            >
              {copy.offer.skip}
            </TextButton>
          </div>
        </>
      )}
    </section>
  );
}

function TextButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
    >
      {children}
    </button>
  );
}

/** The questionnaire's three questions about the visitor, kept as they are answered; "Done" closes them. */
function ShortForm({ onDone }: { onDone: () => void }) {
  const { answers } = useQuestionnaireState();
  const idPrefix = useId();
  const dispatch = questionnaireStore.dispatch;
  const questionClass = 'font-semibold text-ink';
  return (
    <form
      className="mt-4 space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onDone();
      }}
    >
      <div>
        <h3 id={`${idPrefix}-worries`} className={`${questionClass} mb-2`}>
          {signupCopy.worries.title}
        </h3>
        <WorriesStep
          worries={answers.worries}
          labelledBy={`${idPrefix}-worries`}
          gridClassName="grid grid-cols-2 gap-2"
          dispatch={dispatch}
        />
      </div>
      <AboutYouStep
        answers={answers}
        showError={false}
        idPrefix={idPrefix}
        gridClassName="grid grid-cols-2 gap-2"
        dispatch={dispatch}
      />
      <div>
        <h3 id={`${idPrefix}-dream`} className={`${questionClass} mb-2`}>
          {signupCopy.dream.title}
        </h3>
        <DreamStep dream={answers.dream} labelledBy={`${idPrefix}-dream`} dispatch={dispatch} />
      </div>
      <Button type="submit" variant="dark">
        {copy.form.done}
      </Button>
    </form>
  );
}
