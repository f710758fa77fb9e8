import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { RetryNotice } from '@/components/retry-notice';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/text-field';
import { courseCopy } from '@/content/course-page';
import { type LoadState, useLoad } from '@/lib/use-load';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '../api/course-feedback';
import type { FeedbackInput, FeedbackOutcome, OwnFeedback } from '../model/course-backend';

const copy = courseCopy.feedback;
const RATINGS = [1, 2, 3, 4, 5] as const;

/** Where the question stands once the stored answer is read. */
type Asked =
  | { step: 'asking'; problem: 'no-rating' | 'send-failed' | null }
  | { step: 'sending' }
  /**
   * `rating` is null when the answer was sent from elsewhere and could not be read back; `sentHere` when this
   * form sent it, so the thanks takes the focus the vanished form held.
   */
  | { step: 'answered'; rating: number | null; sentHere: boolean };

/** What the stored answer shows: the thanks for it, or the question; null until it is read. */
function askedBy(stored: LoadState<OwnFeedback | null>): Asked | null {
  if (stored.status !== 'ready') return null;
  return stored.value
    ? { step: 'answered', rating: stored.value.rating, sentHere: false }
    : { step: 'asking', problem: null };
}

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
  const stored = useLoad(load, 'Course: the feedback question could not be loaded.');
  // What the learner did since: null while the stored answer decides what shows.
  const [asked, setAsked] = useState<Asked | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const state = asked ?? askedBy(stored.state);
  const thanksAfterSend = state?.step === 'answered' && state.sentHere;
  useEffect(() => {
    if (thanksAfterSend) statusRef.current?.focus();
  }, [thanksAfterSend]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state?.step === 'sending') return;
    if (rating === null) {
      setAsked({ step: 'asking', problem: 'no-rating' });
      return;
    }
    setAsked({ step: 'sending' });
    const outcome = await send({ learnerId, rating, comment });
    if (outcome === 'saved') setAsked({ step: 'answered', rating, sentHere: true });
    else if (outcome === 'failed') setAsked({ step: 'asking', problem: 'send-failed' });
    else {
      // Answered already, from another tab or device: the thanks names the answer that counts, the stored one.
      const stored = await load().catch(() => null);
      setAsked({ step: 'answered', rating: stored?.rating ?? null, sentHere: true });
    }
  }

  if (stored.state.status === 'failed')
    return <RetryNotice message={copy.loadFailed} onRetry={stored.retry} />;
  if (!state) return null;

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
                    if (problem === 'no-rating') setAsked({ step: 'asking', problem: null });
                  }}
                />
              ))}
            </div>
          </fieldset>
          <TextareaField
            id={`${id}-comment`}
            label={copy.commentLabel}
            className="mt-5"
            inputClassName="sm:max-w-xl"
            value={comment}
            maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
            rows={3}
            disabled={sending}
            onChange={(event) => setComment(event.target.value)}
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
