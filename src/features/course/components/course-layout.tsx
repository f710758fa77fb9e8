import type { ReactNode } from 'react';

/** /course's two columns: the player (or what stands in its place) beside the lessons; one column on phones. */
export function CourseLayout({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="min-w-0">{children}</div>
      {aside}
    </div>
  );
}
