import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { BrandLink } from '@/components/ui/page-header';
import { ANNOUNCEMENTS_LIST, COURSE_PATH } from '@/content/course';
import { unsubscribeCopy } from '@/content/unsubscribe';

type Step = 'asking' | 'working' | 'failed' | 'done';

const noSubscription = () => () => undefined;
/** The token a reminder's or an announcement's footer link carries (`?token=`), or null. */
const linkToken = () => new URLSearchParams(window.location.search).get('token') || null;
/** The prerendered page knows no address: its button waits for the script that reads it. */
const notReadYet = () => undefined;
/** An announcement's link says so (`?list=announcements`): the page names what it stops. */
const fromAnnouncement = () => new URLSearchParams(window.location.search).get('list') === ANNOUNCEMENTS_LIST;
const prerendered = () => false;

/**
 * /unsubscribe: what the button stops and what it does not, then one button. Only the tap sends the token, so
 * a mail scanner that opens the link unsubscribes nobody (as only a person spends a sign-in link, decision 0120).
 * `send` reaches the back end (send-unsubscribe.ts), so a test passes a fake.
 */
export function UnsubscribePage({ send }: { send: (token: string) => Promise<void> }) {
  const token = useSyncExternalStore(noSubscription, linkToken, notReadYet);
  const announcements = useSyncExternalStore(noSubscription, fromAnnouncement, prerendered);
  const copy = announcements ? { ...unsubscribeCopy, ...unsubscribeCopy.announcements } : unsubscribeCopy;
  const [step, setStep] = useState<Step>('asking');
  const outcome = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step === 'done') outcome.current?.focus();
  }, [step]);

  async function unsubscribe() {
    if (!token) return;
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
        <BrandLink />
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
            {token === null ? (
              <p role="alert" className="mt-6 font-semibold">
                {copy.missing}
              </p>
            ) : (
              <Button
                className="mt-8"
                disabled={token === undefined || step === 'working'}
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
