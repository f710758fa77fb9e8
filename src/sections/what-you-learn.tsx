import type { ReactNode } from 'react';
import { CheckIcon } from '@/components/ui/icons';
import { learnCopy } from '@/content/learn';

const lensColours = ['bg-lens-1', 'bg-lens-2', 'bg-lens-3', 'bg-ink'];

/** What the course teaches, as a list (src/content/learn.ts); `outline`, the course's lessons, follows it. */
export function WhatYouLearn({ outline }: { outline: ReactNode }) {
  return (
    <section aria-labelledby="learn-title" className="below-the-fold bg-surface px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto max-w-5xl">
        <p className="text-sm font-semibold tracking-[0.12em] text-link uppercase">{learnCopy.eyebrow}</p>
        <h2 id="learn-title" className="mt-3 font-display text-title font-semibold tracking-tight">
          {learnCopy.title}
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2">
          {learnCopy.items.map((item, index) => (
            <li key={item} className="flex gap-4 rounded-2xl border border-line bg-paper p-5 sm:p-6">
              <span
                aria-hidden="true"
                className={`grid size-9 shrink-0 place-items-center rounded-full text-white ${lensColours[index % lensColours.length]}`}
              >
                <CheckIcon className="size-5" />
              </span>
              <span className="self-center text-lg leading-snug">{item}</span>
            </li>
          ))}
        </ul>
        {outline}
      </div>
    </section>
  );
}
