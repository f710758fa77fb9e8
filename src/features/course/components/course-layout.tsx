import type { ReactNode } from 'react';

/**
 * /course's places: the player's (`cover`: the player, or what stands in its place) beside the lessons
 * (`aside`), and what comes after the player (`below`: the sign-in forms). On phones the lessons come before
 * what is below the player, so nothing that appears there moves what is already on screen.
 */
export function CourseLayout({
  cover,
  aside,
  below,
}: {
  cover: ReactNode;
  aside: ReactNode;
  below?: ReactNode;
}) {
  return (
    <div className="mt-8 grid gap-10 [grid-template-areas:'cover'_'aside'_'below'] lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start lg:[grid-template-areas:'cover_aside'_'below_aside']">
      <div className="min-w-0 [grid-area:cover]">{cover}</div>
      <div className="[grid-area:aside]">{aside}</div>
      <div className="min-w-0 [grid-area:below] empty:hidden">{below}</div>
    </div>
  );
}
