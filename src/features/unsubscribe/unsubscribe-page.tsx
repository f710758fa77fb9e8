import { useEffect, useRef, useState } from 'react';
import { LensDots } from '@/components/lens-dots';
import { Button } from '@/components/ui/button';
import { COURSE_PATH } from '@/content/course';
import { siteSettings } from '@/content/site';
import { unsubscribeCopy as copy } from '@/content/unsubscribe';

/** `starting`: the prerendered page before its script runs, whose button waits for it. */
type Step = 'starting' | 'asking' | 'missing' | 'working' | 'failed' | 'done';

/** The token a reminder's footer link carries (`?token=`), or null. */
const tokenIn = (search: string) => new URLSearchParams(search).get('token') || null;

/**
 * /unsubscribe: what the button stops and what it does not, then one button. Only the tap sends the token, so
 * a mail scanner that opens the link unsubscribes nobody (as only a person spends a sign-in link, decision 0120).
 * `send` reaches the back end (send-unsubscribe.ts), so a test passes a fake.
 */
export function UnsubscribePage({ send }: { send: (token: string) => Promise<void> }) {
  const [step, setStep] = useState<Step>('starting');
  const outcome = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setStep(tokenIn(window.location.search) ? 'asking' : 'missing');
  }, []);
  useEffect(() => {
    if (step === 'done') outcome.current?.focus();
  }, [step]);

  async function unsubscribe() {
    const token = tokenIn(window.location.search);
    if (!token) return setStep('missing');
    setStep('working');
    try {
      await send(token);
      setStep('done');
    } catch {
      setStep('failed');
    }
  }

  return (
    <main className="bg-paper px-5 py-10 sm:px-8 sm:py-16">
      <div className="mx-auto max-w-xl">
        <a
          href="/"
          className="inline-flex min-h-11 items-center gap-2.5 text-sm font-bold tracking-wide text-ink underline-offset-4 hover:underline"
        >
          <LensDots />
          {siteSettings.brandName}
        </a>
        {step === 'done' ? (
          <>
            <h1
              ref={outcome}
              tabIndex={-1}
              className="mt-10 font-display text-title font-semibold tracking-tight"
            >
              {copy.doneTitle}
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-ink-soft">{copy.done}</p>
          </>
        ) : (
          <>
            <h1 className="mt-10 font-display text-title font-semibold tracking-tight">{copy.title}</h1>
            <p className="mt-4 text-lg leading-relaxed text-ink-soft">{copy.body}</p>
            {step === 'missing' ? (
              <p role="alert" className="mt-6 font-semibold">
                {copy.missing}
              </p>
            ) : (
              <Button
                className="mt-8"
                disabled={step === 'starting' || step === 'working'}
                onClick={() => void unsubscribe()}
              >
                {step === 'working' ? copy.working : copy.button}
              </Button>
            )}
            {step === 'failed' && (
              <p role="alert" className="mt-4 font-semibold text-red-700">
                {copy.failed}
              </p>
            )}
          </>
        )}
        <p className="mt-10">
          <a href={COURSE_PATH} className="font-semibold text-link underline underline-offset-4">
            {copy.backToCourse}
          </a>
        </p>
      </div>
    </main>
  );
}
