import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { courseCopy } from '@/content/course-page';
import type { LinkOutcome, SignInBackend } from './sign-in-backend';
import { readSignInCode } from './sign-in-code';
import { countdownClock, secondsBeforeNewCode } from './new-code-wait';
import type { CodeSends } from './sign-in-form';

const copy = courseCopy.signInForm;

type Problem = 'invalid' | Exclude<LinkOutcome, 'signed-in'>;

const problemMessages: Record<Problem, string> = {
  invalid: copy.invalid,
  refused: copy.refused,
  'rate-limited': copy.rateLimited,
  unreachable: copy.failed,
};

/** The whole seconds before "Send a new code", counting down once a second while there are any. */
function useSecondsBeforeNewCode(sends: CodeSends): number {
  const [now, setNow] = useState(() => Date.now());
  // An e-mail asked for since the last tick starts its wait now.
  const left = secondsBeforeNewCode(sends.count, sends.lastAtMs, Math.max(now, sends.lastAtMs));
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  return left;
}

/**
 * The code screen: the address it is for (with "Not you?"), the 6-digit code, and "Send a new code" after the
 * address's wait. A wrong code gets the same answer for every address.
 */
export function CodeStep({
  backend,
  email,
  sentHere,
  sends,
  sending,
  sendMessage,
  labelledBy,
  onSendAgain,
  onNotYou,
  onSignedIn,
}: {
  backend: Pick<SignInBackend, 'verifySignInCode'>;
  email: string;
  /** Whether this form just asked for the e-mail (else she said she already has a code). */
  sentHere: boolean;
  sends: CodeSends;
  sending: boolean;
  sendMessage: { text: string; tone: string } | null;
  labelledBy: string;
  onSendAgain: () => void;
  onNotYou: () => void;
  onSignedIn: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const secondsLeft = useSecondsBeforeNewCode(sends);
  const words = sentHere ? copy.sentTo : copy.codeFor;

  useEffect(() => codeField.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    const digits = readSignInCode(code);
    if (digits === null) {
      setProblem('invalid');
      codeField.current?.focus();
      return;
    }
    setChecking(true);
    setProblem(null);
    const outcome = await backend.verifySignInCode(email, digits);
    setChecking(false);
    if (outcome === 'signed-in') onSignedIn();
    else setProblem(outcome);
  }

  const errorId = `${id}-error`;
  return (
    <div className="mt-6">
      <p className="text-lg leading-relaxed text-ink">
        {words.before}
        <strong className="font-semibold break-all">{email}</strong>
        {words.after}{' '}
        <button
          type="button"
          onClick={onNotYou}
          className="inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
        >
          {copy.notYou}
        </button>
      </p>
      <form onSubmit={(event) => void submit(event)} aria-labelledby={labelledBy} className="mt-4">
        <TextField
          ref={codeField}
          id={`${id}-code`}
          label={copy.codeLabel}
          type="text"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={problem === 'invalid' || problem === 'refused' ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${errorId}` : ''}`}
          className="max-w-xs"
          inputClassName="font-mono text-lg tracking-[0.3em]"
        />
        <p id={`${id}-hint`} className="mt-2 text-sm text-ink-soft">
          {copy.codeHint}
        </p>
        <p id={errorId} role="alert" className="mt-3 font-semibold text-red-700 empty:mt-0">
          {problem && problemMessages[problem]}
        </p>
        <Button type="submit" disabled={checking} className="mt-4">
          {checking ? copy.signingIn : copy.submit}
        </Button>
      </form>
      <div className="mt-6 border-t border-line pt-4">
        <Button variant="outline" disabled={sending || secondsLeft > 0} onClick={onSendAgain}>
          {secondsLeft > 0 ? copy.sendNewCodeIn(countdownClock(secondsLeft)) : copy.sendNewCode}
        </Button>
        <p
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className={`mt-3 font-semibold empty:mt-0 ${sendMessage?.tone ?? ''}`}
        >
          {sendMessage?.text}
        </p>
      </div>
    </div>
  );
}
