import type { ReactNode, RefObject } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { courseNextStep } from '@/content/course-next-step';
import { heroCopy } from '@/content/hero';
import { planCopy, planPrompts } from '@/content/plan';
import type { SiteWordChanges } from '@/content/site-words';
import { studioSiteCopy as copy } from '@/content/studio-site';
import { About } from '@/sections/about';
import { GuidesHeading } from '@/sections/guides-heading';
import { CourseLink } from '@/sections/course-link';
import { Hero } from '@/sections/hero';
import { HeroActions } from '@/sections/hero-actions';
import { HeroHeadline } from '@/sections/hero-headline';
import { HeroProof } from '@/sections/hero-proof';
import { PrivacyResponsible } from '@/sections/privacy-policy';
import { SiteFooter } from '@/sections/site-footer';
import { TeaserCard } from '@/sections/teaser-card';
import { roundedMinutes } from '@/shared/course-outline/outline';
import { SiteWordsProvider, useSiteWords } from '@/shared/site-words/site-words';

/** What the seeded lessons add up to, as the landing page says before it has read the published ones. */
const SEEDED_SECONDS = __SEEDED_LESSON_SECONDS__.reduce((total, seconds) => total + seconds, 0);

/** The preview's part of the form's group `id` (studio-site.ts), which the preview shows when she edits it. */
export const previewPartSelector = (id: string) => `[data-preview-part~="${id}"]`;

/**
 * The site's own sections in the words being edited, looked at, never used (inert): the landing page as visitors
 * see it, then the parts of the privacy page and the course that hold her words.
 */
export function SitePreview({
  id,
  changes,
  ref,
}: {
  id: string;
  changes: SiteWordChanges;
  ref: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div id={id} tabIndex={-1}>
      <h3 className="font-display text-xl font-semibold">{copy.previewHeading}</h3>
      <p className="mt-1 text-sm text-ink-muted">{copy.previewNote}</p>
      <div
        ref={ref}
        inert
        className="mt-3 grid grid-cols-1 gap-4 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
      >
        <SiteWordsProvider changes={changes}>
          <PreviewFrame>
            {/* Beside the form, the page at twice the column's width, shown at half its size: as on a laptop. */}
            <div className="lg:[zoom:0.5]">
              <div data-preview-part="search hero">
                <PreviewHero />
              </div>
              <div data-preview-part="teaser">
                <TeaserCard onUnlock={() => undefined} />
              </div>
              <section data-preview-part="guides" className="bg-surface px-5 py-16 sm:px-8">
                <GuidesHeading />
              </section>
              <div data-preview-part="about">
                <About />
              </div>
              <div data-preview-part="footer">
                <SiteFooter />
              </div>
            </div>
          </PreviewFrame>
          <PreviewFrame part="privacy" label={copy.previewParts.privacy}>
            <PrivacyResponsible />
          </PreviewFrame>
          <PreviewFrame part="next-step" label={copy.previewParts.nextStep}>
            <NextStepPreview />
          </PreviewFrame>
          <PreviewFrame part="plan" label={copy.previewParts.plan}>
            <PlanPreview />
          </PreviewFrame>
        </SiteWordsProvider>
      </div>
    </div>
  );
}

function PreviewFrame({ part, label, children }: { part?: string; label?: string; children: ReactNode }) {
  return (
    <div data-preview-part={part}>
      {label && <p className="mb-1 text-sm font-semibold text-ink-muted">{label}</p>}
      <div className="overflow-hidden rounded-card border border-line bg-paper shadow-sm">
        {part ? <div className="p-4 sm:p-6 [&>:first-child]:mt-0">{children}</div> : children}
      </div>
    </div>
  );
}

function PreviewHero() {
  const proof = `${heroCopy.courseLength(roundedMinutes(SEEDED_SECONDS))} ${useSiteWords()['hero.proof']}`;
  return (
    <Hero
      proof={<HeroProof>{proof}</HeroProof>}
      headline={<HeroHeadline />}
      actions={<HeroActions onSignUp={() => undefined} />}
      courseLink={<CourseLink tone="night" />}
    />
  );
}

/** The next step's card on /course, as a learner who watched every lesson sees it. */
function NextStepPreview() {
  const words = useSiteWords(courseNextStep);
  return (
    <>
      <h4 className="font-display text-xl font-semibold tracking-tight">{words['nextStep.heading']}</h4>
      <p className="mt-2 leading-relaxed text-ink-soft">{words['nextStep.text']}</p>
      <span className={buttonVariants({ variant: 'dark', className: 'mt-5' })}>
        {words['nextStep.buttonLabel']}
      </span>
      <p className="mt-3 text-sm break-all text-ink-muted">{copy.leadsTo(words['nextStep.url'])}</p>
    </>
  );
}

/** The plan's questions, lens by lens, as the learner reads them on /course/plan. */
function PlanPreview() {
  const words = useSiteWords(planPrompts);
  const lenses = [
    ...planCopy.lenses,
    { id: 'first-step', heading: planCopy.firstStep.heading, prompts: [planCopy.firstStep.field] },
  ];
  return lenses.map((lens) => (
    <div key={lens.id} className="mt-4 first:mt-0">
      <h4 className="font-display text-lg font-semibold tracking-tight">{lens.heading}</h4>
      <ul className="mt-1 list-disc pl-5 text-ink-soft">
        {lens.prompts
          .filter((prompt) => words[prompt.word].trim())
          .map((prompt) => (
            <li key={prompt.id}>{words[prompt.word]}</li>
          ))}
      </ul>
    </div>
  ));
}
