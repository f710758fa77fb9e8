import { type FormEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/text-field';
import { courseCopy } from '@/content/course-page';
import type { NewLinkOutcome, SignInBackend } from './sign-in-backend';
import { CodeStep } from './code-step';

const copy = courseCopy.signInForm;

const sendMessages = {
  sent: { text: copy.newCodeSent, tone: 'text-green-800' },
  'rate-limited': { text: copy.sendRateLimited, tone: 'text-red-700' },
  failed: { text: copy.sendFailed, tone: 'text-red-700' },
} as const;

/** The e-mails asked for from this form, for the wait before the next one. */
export interface CodeSends {
  count: number;
  lastAtMs: number;
}

/**
 * Signing in asks for the address once: "Send me a code" e-mails a code and a link (the same answer for every
 * address), or "I already have a code" goes straight to typing one. The code screen keeps the address, with
 * "Not you?" to change it, and offers "Send a new code" once the address's wait is over.
 */
export function SignInForm({
  backend,
  onSignedIn,
  labelledBy,
}: {
  backend: Pick<SignInBackend, 'verifySignInCode' | 'requestNewLink'>;
  onSignedIn: () => void;
  /** The heading that names the form: what the page says above it. */
  labelledBy: string;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'address' | 'code-sent' | 'code-held'>('address');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<NewLinkOutcome | null>(null);
  const [sends, setSends] = useState<CodeSends>({ count: 0, lastAtMs: 0 });
  const emailField = useRef<HTMLInputElement>(null);

  async function sendCode() {
    if (sending) return;
    setSending(true);
    setSent(null);
    const outcome = await backend.requestNewLink(email.trim());
    setSending(false);
    setSent(outcome);
    if (outcome !== 'sent') return;
    setSends((before) => ({ count: before.count + 1, lastAtMs: Date.now() }));
    if (step === 'address') setStep('code-sent');
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void sendCode();
  }

  function notYou() {
    // Rendered at once, so the address field is there to take the focus in this same tap.
    flushSync(() => {
      setStep('address');
      setSent(null);
    });
    emailField.current?.focus();
  }

  if (step !== 'address') {
    return (
      <CodeStep
        backend={backend}
        email={email.trim()}
        sentHere={step === 'code-sent'}
        sends={sends}
        sending={sending}
        sendMessage={sent && sendMessages[sent]}
        labelledBy={labelledBy}
        onSendAgain={() => void sendCode()}
        onNotYou={notYou}
        onSignedIn={onSignedIn}
      />
    );
  }
  const statusId = `${id}-status`;
  return (
    <form onSubmit={onSubmit} aria-labelledby={labelledBy} className="mt-6">
      <label htmlFor={`${id}-email`} className="mb-1 block font-semibold text-ink">
        {copy.emailLabel}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          ref={emailField}
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          value={email}
          aria-describedby={sent ? statusId : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={sending} className="shrink-0">
          {sending ? copy.sending : copy.sendCode}
        </Button>
      </div>
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={`mt-3 font-semibold empty:mt-0 ${sent ? sendMessages[sent].tone : ''}`}
      >
        {sent && sent !== 'sent' && sendMessages[sent].text}
      </p>
      <button
        type="button"
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
        onClick={(event) => {
          // The code is for an address: the browser's own check asks for one first.
          if (event.currentTarget.form?.reportValidity()) setStep('code-held');
        }}
      >
        {copy.haveCode}
      </button>
    </form>
  );
}
