import type { EmblaCarouselType } from 'embla-carousel';
import type { AutoplayType } from 'embla-carousel-autoplay';
import { type RefObject, useEffect, useState } from 'react';

const AUTO_ADVANCE_MS = 3000;

export interface Carousel {
  api: EmblaCarouselType;
  autoplay: AutoplayType;
}

/**
 * Embla on the given viewport, loaded with a dynamic import once `enabled` (the final cards are in place):
 * the prerendered row is plain markup, and the carousel's code never weighs on the first load.
 * Autoplay starts stopped; the caller plays and stops it (hover, focus, pause button, reduced motion).
 */
export function useCarousel(viewport: RefObject<HTMLElement | null>, enabled: boolean): Carousel | null {
  const [carousel, setCarousel] = useState<Carousel | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let api: EmblaCarouselType | undefined;
    Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')])
      .then(([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (!live || !viewport.current) return;
        const autoplay = Autoplay({
          delay: AUTO_ADVANCE_MS,
          playOnInit: false,
          stopOnInteraction: true,
          stopOnFocusIn: false,
          stopOnMouseEnter: false,
        });
        api = EmblaCarousel(viewport.current, { loop: true, dragFree: true, align: 'start' }, [autoplay]);
        setCarousel({ api, autoplay });
      })
      .catch((error: unknown) =>
        console.error('Guides: the carousel could not load; showing a static row.', error),
      );
    return () => {
      live = false;
      api?.destroy();
    };
  }, [enabled, viewport]);
  return carousel;
}
