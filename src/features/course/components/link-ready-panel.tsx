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
    <section
      aria-labelledby={headingId}
      className="rounded-card bg-night p-6 text-on-night shadow-card sm:p-10"
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
        {copy.heading}
      </h2>
      <p className="mt-3 max-w-xl text-lg leading-relaxed text-on-night-soft">{copy.body}</p>
      <Button size="lg" className="mt-8" onClick={onContinue}>
        {copy.button}
      </Button>
    </section>
  );
}
