import { type RefObject, useEffect, useState } from 'react';

/** How far ahead of a scrolling visitor the guides start loading: half a screen. */
const AHEAD = '50% 0px';

/**
 * Whether the element has come within half a screen of the viewport (and stays true from then on). Where the
 * browser cannot tell (no IntersectionObserver), it is true at once.
 */
export function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return near;
}
