import { lazy, Suspense, useState } from 'react';
import { GuidesCarousel } from '@/features/guides/components/guides-carousel';
import { Questionnaire } from '@/features/signup/components/questionnaire';
import { About } from '@/sections/about';
import { Hero } from '@/sections/hero';
import { SignupSection } from '@/sections/signup-section';
import { SiteFooter } from '@/sections/site-footer';
import { TeaserCard } from '@/sections/teaser-card';
import { WhatYouLearn } from '@/sections/what-you-learn';

// Radix Dialog loads on the first open only: the first page load does not pay for it.
const SignupDialog = lazy(() =>
  import('@/sections/signup-dialog').then((module) => ({ default: module.SignupDialog })),
);

function scrollToSignup() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('signup')?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
}

/** The landing page: the spec's sections in order, and the sign-up dialog that two of them open. */
export function Home() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  function openDialog(button: HTMLElement) {
    setOpener(button);
    setDialogWanted(true);
    setDialogOpen(true);
  }

  return (
    <>
      <main>
        <Hero
          onSignUp={(button) => {
            scrollToSignup();
            openDialog(button);
          }}
        />
        <TeaserCard onUnlock={openDialog} />
        <GuidesCarousel />
        <About />
        <WhatYouLearn />
        <SignupSection>
          <Questionnaire variant="full" />
        </SignupSection>
      </main>
      <SiteFooter />
      {dialogWanted && (
        <Suspense fallback={null}>
          <SignupDialog open={dialogOpen} onOpenChange={setDialogOpen} opener={opener}>
            <Questionnaire variant="compact" />
          </SignupDialog>
        </Suspense>
      )}
    </>
  );
}
