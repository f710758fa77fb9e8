import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether any part of the element is in the viewport, kept up to date as the page scrolls. It is true until the
 * browser reports otherwise, and always where the browser cannot tell (no IntersectionObserver).
 */
export function useOnScreen(element: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const latest = entries.at(-1);
      if (latest) setOnScreen(latest.isIntersecting);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return onScreen;
}
