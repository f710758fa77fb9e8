import type { ReactNode } from 'react';

/**
 * /course's places: the player's (`cover`: the player, or what stands in its place) beside the lessons
 * (`aside`), and what comes after the player (`below`: the sign-in forms). On phones the lessons come before
 * what is below the player, so nothing that appears there moves what is already on screen; while the page
 * finds out who is visiting (`asideWaits`) they are not shown there at all, as whatever answer comes (the
 * sign-in form, the player) takes the player's place at its own height and would move them.
 */
export function CourseLayout({
  cover,
  aside,
  below,
  asideWaits = false,
}: {
  cover: ReactNode;
  aside: ReactNode;
  below?: ReactNode;
  asideWaits?: boolean;
}) {
  return (
    <div className="mt-8 grid gap-10 [grid-template-areas:'cover'_'aside'_'below'] lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start lg:[grid-template-areas:'cover_aside'_'below_aside']">
      <div className="min-w-0 [grid-area:cover]">{cover}</div>
      <div className={`[grid-area:aside]${asideWaits ? ' max-lg:hidden' : ''}`}>{aside}</div>
      <div className="min-w-0 [grid-area:below] empty:hidden">{below}</div>
    </div>
  );
}
