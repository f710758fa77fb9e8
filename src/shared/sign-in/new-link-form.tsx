import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';
import type { NewLinkOutcome, SignInBackend } from './sign-in-backend';
import { EmailInput } from './email-input';

const copy = courseCopy.newLink;

const outcomeMessages = {
  sent: { text: copy.sent, tone: 'text-green-800' },
  'rate-limited': { text: copy.rateLimited, tone: 'text-red-700' },
  failed: { text: copy.failed, tone: 'text-red-700' },
} as const;

/**
 * "Send me a new link": one e-mail field. Its answer is the same for every address, so the form never tells
 * whether an address signed up.
 */
export function NewLinkForm({
  backend,
  labelledBy,
}: {
  backend: Pick<SignInBackend, 'requestNewLink'>;
  labelledBy: string;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<NewLinkOutcome | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setOutcome(null);
    setOutcome(await backend.requestNewLink(email.trim()));
    setSending(false);
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby={labelledBy} className="mt-4">
      <label htmlFor={`${id}-email`} className="mb-1 block font-semibold text-ink">
        {copy.emailLabel}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <EmailInput id={`${id}-email`} value={email} onChange={setEmail} />
        <Button type="submit" disabled={sending} className="shrink-0">
          {sending ? copy.sending : copy.submit}
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={`mt-3 font-semibold empty:mt-0 ${outcome ? outcomeMessages[outcome].tone : ''}`}
      >
        {outcome && outcomeMessages[outcome].text}
      </p>
    </form>
  );
}
