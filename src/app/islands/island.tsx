import { createContext, type ReactNode, use } from 'react';

/**
 * The parts of a page a visitor can touch, by name: each renders with no props (its words come from
 * `SiteWordsProvider`, what it shares with other islands from modules both import), so the browser can hydrate
 * each on its own and nothing else of the page ships as JavaScript (decision 0154).
 */
export type Islands = Record<string, Island>;

/** A component that renders with no props. */
type Island = (props: Record<string, never>) => ReactNode;

/** The wrapper around an island adds no box: its content lays out as if it stood in the page itself. */
export const ISLAND_CLASS = 'contents';

const LeaveIslandsEmpty = createContext(false);

/**
 * The prerender's render of a page whose islands it renders each as a root of its own (see render-islands.tsx),
 * exactly as the browser hydrates them: this render leaves their places empty.
 */
export function IslandPlaces({ children }: { children: ReactNode }) {
  return <LeaveIslandsEmpty value>{children}</LeaveIslandsEmpty>;
}

/**
 * The place of island `name` of `islands` in a page: a `div` marked with its name.
 * Outside the prerender (tests, `npm run dev`) the island renders in place, as any component would.
 */
export function Island<Names extends string>({
  islands,
  name,
}: {
  islands: Record<Names, Island>;
  name: Names;
}) {
  const Component: Island = islands[name];
  return (
    <div data-island={name} className={ISLAND_CLASS}>
      {!use(LeaveIslandsEmpty) && <Component />}
    </div>
  );
}

/** The ids an island's `useId` makes: the same in its prerender and its hydration, and unlike any other island's. */
export const islandIdPrefix = (name: string) => `${name}-`;
