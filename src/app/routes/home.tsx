import { Island } from '../islands/island';
import { About } from '@/sections/about';
import { Hero } from '@/sections/hero';
import { SignupSection } from '@/sections/signup-section';
import { SiteFooter } from '@/sections/site-footer';
import { WhatYouLearn } from '@/sections/what-you-learn';
import { homeIslands } from './home-islands';

type HomeIsland = keyof typeof homeIslands;
const island = (name: HomeIsland) => <Island islands={homeIslands} name={name} />;

/**
 * The landing page: its sections in order, as prerendered HTML, with its islands in their places (the parts a
 * visitor can touch, in home-islands.tsx): in the browser, only those hydrate.
 */
export function Home() {
  return (
    <>
      <main>
        <Hero
          courseLink={island('course-link')}
          headline={island('headline')}
          proof={island('proof')}
          actions={island('hero-actions')}
        />
        {island('teaser')}
        {island('guides')}
        <About />
        <WhatYouLearn outline={island('outline')} />
        <SignupSection>{island('questionnaire')}</SignupSection>
      </main>
      <SiteFooter copyright={island('copyright')} />
      {island('signup-dialog')}
    </>
  );
}
