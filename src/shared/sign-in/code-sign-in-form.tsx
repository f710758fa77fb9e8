import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { courseCopy } from '@/content/course-page';
import type { LinkOutcome, SignInBackend } from './sign-in-backend';
import { readSignInCode } from './sign-in-code';

const copy = courseCopy.code;

type Problem = 'invalid' | Exclude<LinkOutcome, 'signed-in'>;

const problemMessages: Record<Problem, string> = {
  invalid: copy.invalid,
  refused: copy.refused,
  'rate-limited': copy.rateLimited,
  unreachable: copy.failed,
};

/**
 * The address and the 6-digit code from a sign-in e-mail: the way in on a device the link was not opened on, or
 * after a mail app's own browser spent the link. A wrong code gets the same answer for every address.
 */
export function CodeSignInForm({
  backend,
  onSignedIn,
}: {
  backend: Pick<SignInBackend, 'verifySignInCode'>;
  onSignedIn: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const codeField = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const digits = readSignInCode(code);
    if (digits === null) {
      setProblem('invalid');
      codeField.current?.focus();
      return;
    }
    setSending(true);
    setProblem(null);
    const outcome = await backend.verifySignInCode(email.trim(), digits);
    setSending(false);
    if (outcome === 'signed-in') onSignedIn();
    else setProblem(outcome);
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-6" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-display text-xl font-semibold tracking-tight">
        {copy.heading}
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <TextField
          id={`${id}-email`}
          label={copy.emailLabel}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {/* The hint and the error stand under both fields, so the code names them itself. */}
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
          inputClassName="font-mono text-lg tracking-[0.3em]"
        />
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-ink-soft">
        {copy.codeHint}
      </p>
      <p id={errorId} role="alert" className="mt-3 font-semibold text-red-700 empty:mt-0">
        {problem && problemMessages[problem]}
      </p>
      <Button type="submit" disabled={sending} className="mt-4">
        {sending ? copy.sending : copy.submit}
      </Button>
    </form>
  );
}
