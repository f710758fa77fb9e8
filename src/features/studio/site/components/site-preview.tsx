import { heroCopy } from '@/content/hero';
import type { SiteWordChanges } from '@/content/site-words';
import { studioSiteCopy as copy } from '@/content/studio-site';
import { About } from '@/sections/about';
import { Hero } from '@/sections/hero';
import { SiteFooter } from '@/sections/site-footer';
import { roundedMinutes } from '@/shared/course-outline/outline';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { useSiteWords } from '@/shared/site-words/site-words';

/** What the seeded lessons add up to, as the landing page says before it has read the published ones. */
const SEEDED_SECONDS = __SEEDED_LESSON_SECONDS__.reduce((total, seconds) => total + seconds, 0);

/** The landing page's own sections in the words being edited: looked at, never used (inert). */
export function SitePreview({ changes }: { changes: SiteWordChanges }) {
  return (
    <div>
      <h3 className="font-display text-xl font-semibold">{copy.previewHeading}</h3>
      <p className="mt-1 text-sm text-ink-muted">{copy.previewNote}</p>
      <div inert className="mt-3 overflow-hidden rounded-card border border-line bg-paper shadow-sm">
        {/* Beside the form, the page at twice the column's width, shown at half its size: as on a laptop. */}
        <div className="lg:[zoom:0.5]">
          <SiteWordsProvider changes={changes}>
            <PreviewHero />
            <About />
            <SiteFooter />
          </SiteWordsProvider>
        </div>
      </div>
    </div>
  );
}

function PreviewHero() {
  const proof = `${heroCopy.courseLength(roundedMinutes(SEEDED_SECONDS))} ${useSiteWords()['hero.proof']}`;
  return <Hero proof={proof} onSignUp={() => undefined} />;
}
