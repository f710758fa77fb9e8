import { renderToString } from 'react-dom/server';
import { App } from '@/app/app';
import { IslandPlaces } from '@/app/islands/island';
import { renderIslands } from '@/app/islands/render-islands';
import { homeIslands } from '@/app/routes/home-islands';
import { landingPageCopy } from '@/content/landing-page';
import { everySiteWordWith } from '@/content/site-word-rules';
import type { SiteWordChanges } from '@/content/site-words';
import { embeddedOutlineScript } from '@/shared/course-outline/published-outline';
import { embeddedWordsScript } from '@/shared/site-words/embedded-words';
import { publicFileUrl } from '@/shared/site-words/public-file-url';
import { COURSE_PATH, PLAN_PATH, STUDIO_PATH, UNSUBSCRIBE_PATH } from '@/content/course';
import { courseCopy } from '@/content/course-page';
import { planCopy } from '@/content/plan';
import { PRIVACY_PATH } from '@/content/course';
import { privacyCopy } from '@/content/privacy';
import { studioCopy } from '@/content/studio';
import { unsubscribeCopy } from '@/content/unsubscribe';

// renderToString cannot wait for a lazily loaded route: every page starts loading on a first render and has loaded
// (its lazy component resolved) before scripts/build.mjs renders any page.
renderToString(<App path="/" />);
renderToString(<App path={PRIVACY_PATH} />);
renderToString(<App path={COURSE_PATH} />);
renderToString(<App path={PLAN_PATH} />);
renderToString(<App path={UNSUBSCRIBE_PATH} />);
renderToString(<App path={STUDIO_PATH} />);
await import('@/app/routes/course-pages').then((route) => route.loadStudio());
await new Promise((resolve) => setTimeout(resolve));

/**
 * The HTML of one route in the owner's published words, before any script runs (server/src/site/render-pages.mjs, at
 * build time and when she publishes), and, for a page that carries it, with the published outline's rows. The page
 * carries them too (`embeddedWordsScript`, `embeddedOutlineScript`), for hydration. Its islands (only the landing
 * page has them) are rendered each as a root of its own, as the browser hydrates them.
 */
export function render(path: string, words: SiteWordChanges = {}, outlineRows: unknown = null): string {
  const page = renderToString(
    <IslandPlaces>
      <App path={path} words={words} outlineRows={outlineRows} />
    </IslandPlaces>,
  );
  const html = renderIslands(page, homeIslands, words);
  // React's mark of a boundary left to the browser: the page would ship without its content.
  if (html.includes('<!--$!-->')) throw new Error(`Prerendering ${path} suspended; its HTML would be empty`);
  return html;
}

export { embeddedOutlineScript, embeddedWordsScript };

/**
 * The landing page's title and description in the owner's words, whether she changed them, and the address of the
 * share image she uploaded (null: the shipped one).
 */
export function landingHead(words: SiteWordChanges) {
  const shown = everySiteWordWith(words);
  return {
    title: shown['page.title'],
    description: shown['page.description'],
    changed:
      shown['page.title'] !== landingPageCopy.title ||
      shown['page.description'] !== landingPageCopy.description,
    shareImage: shown['page.shareImage'] ? publicFileUrl('guides', shown['page.shareImage']) : null,
  };
}

/**
 * A page's modules that it needs before its first control works, which it fetches side by side once it has
 * painted (its HTML holds their preloads, src/main.tsx), instead of one after another as each is imported: its
 * chunk, and supabase-js where a control calls the back end (see scripts/build.mjs).
 */
const SUPABASE = '@supabase/supabase-js';
const COURSE_MODULES = ['src/app/routes/course-pages.ts', SUPABASE];

/**
 * The pages prerendered besides `/` and the 404 page: their file in dist/, their own title and description, the
 * modules their HTML preloads (`modules`: sources as Vite's manifest names them, or a package's name), and whether
 * the page shows the course's outline, and so carries its published rows (`carriesOutline`).
 */
export const extraPages = [
  {
    path: PRIVACY_PATH,
    file: `${PRIVACY_PATH.slice(1)}.html`,
    title: privacyCopy.documentTitle,
    description: privacyCopy.description,
    modules: ['src/app/routes/privacy.tsx'],
  },
  {
    path: COURSE_PATH,
    file: `${COURSE_PATH.slice(1)}.html`,
    title: courseCopy.documentTitle,
    description: courseCopy.description,
    modules: COURSE_MODULES,
    // Signed-in visitors' page: nothing on it is for search results.
    noindex: true,
    carriesOutline: true,
  },
  {
    path: PLAN_PATH,
    file: `${PLAN_PATH.slice(1)}.html`,
    title: planCopy.documentTitle,
    description: planCopy.description,
    modules: ['src/app/routes/plan.tsx'],
    // One learner's own page, filled in on their device: nothing on it is for search results.
    noindex: true,
  },
  {
    path: UNSUBSCRIBE_PATH,
    file: `${UNSUBSCRIBE_PATH.slice(1)}.html`,
    title: unsubscribeCopy.documentTitle,
    description: unsubscribeCopy.description,
    modules: ['src/app/routes/unsubscribe.tsx', SUPABASE],
    // Reached from one person's e-mail only.
    noindex: true,
  },
  {
    path: STUDIO_PATH,
    file: `${STUDIO_PATH.slice(1)}.html`,
    title: studioCopy.documentTitle,
    description: studioCopy.description,
    modules: [...COURSE_MODULES, 'src/app/routes/studio.tsx'],
    // The owner's pages.
    noindex: true,
    // Its own classes are not in the stylesheet every page inlines (src/site.css).
    wholeStylesheet: true,
  },
];
