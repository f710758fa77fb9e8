import { type RefObject, useEffect, useState } from 'react';

/** How far ahead of a scrolling visitor a section starts loading what it shows: half a screen. */
const AHEAD = '50% 0px';

/**
 * An observer reports once at the first rendered frame; one that has said nothing by then runs where no frame
 * is rendered (a headless capture), and the element counts as near.
 */
const SILENCE_MS = 1000;

/**
 * Whether the element has come within half a screen of the viewport while `watching` (and stays true from then
 * on): what passes by while the visitor is not looking, such as a scroll behind a dialog, does not count. Where
 * the browser cannot tell (no IntersectionObserver, or one that never reports), it is true.
 */
export function useNearViewport(element: RefObject<HTMLElement | null>, watching: boolean): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !watching || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(silence);
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: AHEAD },
    );
    const silence = setTimeout(() => {
      observer.disconnect();
      setNear(true);
    }, SILENCE_MS);
    observer.observe(target);
    return () => {
      clearTimeout(silence);
      observer.disconnect();
    };
  }, [element, near, watching]);
  return near;
}
