import type { ReactNode } from 'react';
import { CheckIcon } from '@/components/ui/icons';

/** The hero's proof line (`children`: its words, with the course's length), beside a check mark. */
export function HeroProof({ children }: { children: ReactNode }) {
  return (
    <p className="mt-4 flex max-w-xl gap-2 text-sm font-medium text-on-night sm:text-base">
      <CheckIcon className="mt-0.5 size-4 shrink-0 text-lens-2 sm:size-5" />
      {children}
    </p>
  );
}
