import { type FocusEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon, ArrowRightIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { guidesCopy } from '@/content/guides';
import { useDialogShown } from '@/lib/dialog-shown';
import { useNearViewport } from '@/lib/use-near-viewport';
import { GuidesHeading } from '@/sections/guides-heading';
import { GuideCard, GuideCardSkeleton } from '@/shared/guide-card/guide-card';
import { fallbackGuideImage } from '@/shared/guide-card/guide-image';
import { useCarousel } from '../use-carousel';
import { useGuides } from '../use-guides';
import { useOnScreen } from '../use-on-screen';
import { usePrefersReducedMotion } from '../use-reduced-motion';

const CARD_COUNT = 6;

const placeholders = Array.from({ length: CARD_COUNT }, (_, index) => ({
  id: `placeholder-${index}`,
  name: guidesCopy.placeholder.name,
  title: guidesCopy.placeholder.title,
  quote: guidesCopy.placeholder.quote,
  imageSrc: null,
  imageAlt: guidesCopy.placeholder.imageAlt,
}));

/**
 * The guides carousel (ARIA APG carousel pattern). It loads the guides, supabase-js and Embla when it comes
 * within half a screen of the viewport, not with the first view, nor while a dialog covers the page (the hero's
 * scroll behind the sign-up dialog passes it by). It advances every 3 s unless the pointer is over
 * the section, keyboard focus is inside it, the visitor paused it, or they prefer reduced motion (WCAG 2.2.2); and
 * only while it can be seen: not scrolled out of view, nor behind a dialog, where turning would only take frames
 * from the page's answers to the visitor's taps.
 */
export function GuidesCarousel() {
  const section = useRef<HTMLElement>(null);
  const coveredByDialog = useDialogShown();
  const state = useGuides(useNearViewport(section, !coveredByDialog));
  const viewport = useRef<HTMLDivElement>(null);
  const carousel = useCarousel(viewport, state.status !== 'loading');
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const paused = pausedByVisitor ?? reducedMotion;
  const onScreen = useOnScreen(section);
  const rotating = carousel !== null && !paused && !hovered && !focused && onScreen && !coveredByDialog;

  useEffect(() => {
    if (!carousel) return;
    const { api, autoplay } = carousel;
    const apply = () => {
      if (rotating && api.scrollSnapList().length > 1) autoplay.play();
      else autoplay.stop();
    };
    apply();
    // A drag stops Autoplay, and a resize re-initialises it stopped: either way it goes on if nothing holds it.
    api.on('pointerUp', apply).on('reInit', apply);
    return () => {
      api.off('pointerUp', apply).off('reInit', apply);
    };
  }, [carousel, rotating]);

  const cards =
    state.status === 'ready'
      ? state.guides.map((guide) => ({ ...guide, imageAlt: guidesCopy.portraitAlt(guide.name) }))
      : placeholders;

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'touch') setHovered(true);
  }
  function onFocus(event: FocusEvent) {
    if (event.target.matches(':focus-visible')) setFocused(true);
  }
  function onBlur(event: FocusEvent) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  return (
    <section
      ref={section}
      aria-labelledby="guides-title"
      aria-roledescription="carousel"
      aria-busy={state.status === 'loading'}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      className="below-the-fold overflow-hidden bg-surface py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <GuidesHeading />
          <div className="flex shrink-0 gap-2">
            <Button
              variant="round"
              size="icon"
              onClick={() => setPausedByVisitor(!paused)}
              disabled={!carousel}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
              <span className="sr-only">{paused ? guidesCopy.play : guidesCopy.pause}</span>
            </Button>
            <Button
              variant="round"
              size="icon"
              onClick={() => carousel?.api.scrollPrev()}
              disabled={!carousel}
            >
              <ArrowLeftIcon />
              <span className="sr-only">{guidesCopy.previous}</span>
            </Button>
            <Button
              variant="round"
              size="icon"
              onClick={() => carousel?.api.scrollNext()}
              disabled={!carousel}
            >
              <ArrowRightIcon />
              <span className="sr-only">{guidesCopy.next}</span>
            </Button>
          </div>
        </div>
        <div ref={viewport} className="mt-8 overflow-hidden pt-2 pb-6 sm:mt-10">
          <div
            aria-live={carousel && !rotating ? 'polite' : 'off'}
            className="-ml-4 flex touch-pan-y sm:-ml-6"
          >
            {state.status === 'loading'
              ? placeholders.map((card) => (
                  <div key={card.id} className={slideClasses}>
                    <GuideCardSkeleton />
                  </div>
                ))
              : cards.map((card, index) => (
                  <div
                    key={card.id}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={guidesCopy.slideLabel(index + 1, cards.length)}
                    className={slideClasses}
                  >
                    <GuideCard
                      name={card.name}
                      title={card.title}
                      quote={card.quote}
                      imageSrc={card.imageSrc}
                      fallbackSrc={fallbackGuideImage(index)}
                      imageAlt={card.imageAlt}
                    />
                  </div>
                ))}
          </div>
          {state.status === 'loading' && <p className="sr-only">{guidesCopy.loading}</p>}
        </div>
      </div>
    </section>
  );
}

const slideClasses = 'min-w-0 shrink-0 grow-0 basis-[82%] pl-4 sm:basis-1/2 sm:pl-6 lg:basis-1/3';
