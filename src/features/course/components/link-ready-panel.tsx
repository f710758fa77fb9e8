import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';

const copy = courseCopy.linkReady;

/**
 * A sign-in link opened: one tap spends it. Nothing spends it on load, so a mail scanner that opens the link
 * (even one that runs scripts) leaves it for the person it was sent to (docs/decisions/0120-*).
 */
export function LinkReadyPanel({ onContinue }: { onContinue: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col items-center">
      <h2 id={headingId} className="font-display text-xl font-semibold tracking-tight sm:text-3xl">
        {copy.heading}
      </h2>
      <p className="mt-2 hidden text-on-night-soft sm:block sm:text-lg">{copy.body}</p>
      <Button size="lg" className="mt-4 sm:mt-8" onClick={onContinue}>
        {copy.button}
      </Button>
    </section>
  );
}
