import { type FormEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '../api/course-feedback';
import type { FeedbackInput, FeedbackOutcome, OwnFeedback } from '../model/course-backend';
import { RetryNotice } from '@/components/retry-notice';

const copy = courseCopy.feedback;
const RATINGS = [1, 2, 3, 4, 5] as const;

type State =
  | { step: 'loading' }
  | { step: 'load-failed' }
  | { step: 'asking'; problem: 'no-rating' | 'send-failed' | null }
  | { step: 'sending' }
  /**
   * `rating` is null when the answer was sent from elsewhere and could not be read back; `sentHere` when this
   * form sent it, so the thanks takes the focus the vanished form held.
   */
  | { step: 'answered'; rating: number | null; sentHere: boolean };

/** One point of the scale: the number, and at the two ends what it means. */
function RatingChoice({
  rating,
  name,
  checked,
  disabled,
  onChoose,
}: {
  rating: (typeof RATINGS)[number];
  name: string;
  checked: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const end = rating === 1 || rating === 5 ? copy.scaleEnds[rating] : null;
  return (
    <label className="flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-xl border border-ink/20 bg-surface px-2 py-2 text-center leading-snug text-ink transition-colors hover:border-ink/40 has-checked:border-link has-checked:bg-link/10 has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus forced-colors:has-checked:border-[Highlight]">
      <input
        type="radio"
        name={name}
        value={rating}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className="sr-only"
      />
      <span className="text-lg font-semibold">{rating}</span>
      {end && (
        <>
          {' '}
          <span className="text-xs text-ink-soft">{end}</span>
        </>
      )}
    </label>
  );
}

/**
 * The completion view's one question, "How useful was this course?": 1 to 5 and an optional comment, sent
 * once. A learner who has answered (on any device) sees their answer's thanks instead of the form. `load` and
 * `send` reach the back end (api/course-feedback.ts), so a test passes fakes.
 */
export function CourseFeedback({
  load,
  send,
  learnerId,
}: {
  load: () => Promise<OwnFeedback | null>;
  send: (input: FeedbackInput) => Promise<FeedbackOutcome>;
  learnerId: string;
}) {
  const id = useId();
  const [state, setState] = useState<State>({ step: 'loading' });
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [attempt, setAttempt] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const thanksAfterSend = state.step === 'answered' && state.sentHere;
  useEffect(() => {
    if (thanksAfterSend) statusRef.current?.focus();
  }, [thanksAfterSend]);

  const readAnswer = useEffectEvent(load);
  useEffect(() => {
    let current = true;
    readAnswer().then(
      (answer) => {
        if (current)
          setState(
            answer
              ? { step: 'answered', rating: answer.rating, sentHere: false }
              : { step: 'asking', problem: null },
          );
      },
      (error: unknown) => {
        console.error('Course: the feedback question could not be loaded.', error);
        if (current) setState({ step: 'load-failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step === 'sending') return;
    if (rating === null) {
      setState({ step: 'asking', problem: 'no-rating' });
      return;
    }
    setState({ step: 'sending' });
    const outcome = await send({ learnerId, rating, comment });
    if (outcome === 'saved') setState({ step: 'answered', rating, sentHere: true });
    else if (outcome === 'failed') setState({ step: 'asking', problem: 'send-failed' });
    else {
      // Answered already, from another tab or device: the thanks names the answer that counts, the stored one.
      const stored = await load().catch(() => null);
      setState({ step: 'answered', rating: stored?.rating ?? null, sentHere: true });
    }
  }

  if (state.step === 'loading') return null;
  if (state.step === 'load-failed') {
    return (
      <RetryNotice
        message={copy.loadFailed}
        onRetry={() => {
          setState({ step: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
    );
  }

  const sending = state.step === 'sending';
  const problem = state.step === 'asking' ? state.problem : null;
  const status =
    state.step === 'answered'
      ? [copy.thanks, state.rating === null ? '' : copy.yourRating(state.rating)].join(' ').trim()
      : sending
        ? copy.sending
        : problem === 'no-rating'
          ? copy.chooseRating
          : problem === 'send-failed'
            ? copy.sendFailed
            : '';

  return (
    <div>
      {state.step !== 'answered' && (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset aria-describedby={problem === 'no-rating' ? `${id}-status` : undefined}>
            <legend className="font-display text-xl font-semibold tracking-tight">{copy.question}</legend>
            <div className="mt-4 grid grid-cols-5 gap-2 sm:max-w-md">
              {RATINGS.map((value) => (
                <RatingChoice
                  key={value}
                  rating={value}
                  name={`${id}-rating`}
                  checked={rating === value}
                  disabled={sending}
                  onChoose={() => {
                    setRating(value);
                    if (problem === 'no-rating') setState({ step: 'asking', problem: null });
                  }}
                />
              ))}
            </div>
          </fieldset>
          <label htmlFor={`${id}-comment`} className="mt-5 mb-1 block font-semibold text-ink">
            {copy.commentLabel}
          </label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
            rows={3}
            disabled={sending}
            onChange={(event) => setComment(event.target.value)}
            className="block w-full rounded-xl border border-ink/50 bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted sm:max-w-xl"
          />
          <Button type="submit" variant="dark" disabled={sending} className="mt-4">
            {problem === 'send-failed' ? courseCopy.tryAgain : copy.send}
          </Button>
        </form>
      )}
      <p
        id={`${id}-status`}
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={`font-semibold empty:hidden ${state.step === 'answered' ? 'text-lg text-ink focus:outline-none' : 'mt-3'} ${problem ? 'text-red-700' : ''}`}
      >
        {status}
      </p>
    </div>
  );
}
