import { type ReactNode, useId } from 'react';

/** A card of the overview: a heading and what it shows. */
export function OverviewCard({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-card bg-surface p-5 shadow-card ring-1 ring-line sm:p-6"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold tracking-tight">
        {heading}
      </h3>
      {children}
    </section>
  );
}
