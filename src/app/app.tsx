import { type ComponentType, Suspense, lazy } from 'react';
import { COURSE_PATH, PLAN_PATH, PRIVACY_PATH, STUDIO_PATH, UNSUBSCRIBE_PATH } from '@/content/course';
import type { SiteWordChanges } from '@/content/site-words';
import { isLandingPath } from '@/lib/landing-path';
import { PublishedOutlineProvider } from '@/shared/course-outline/published-outline';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { NotFound } from './routes/not-found';

/**
 * Every page is fetched by that page only, so no page's first load grows with another's: the landing page itself
 * (prerendered, it hydrates its islands through src/hydrate-landing.tsx instead), the privacy policy, the learner's
 * plan and /unsubscribe each a chunk of their own, /course with the studio's way in (routes/course-pages.ts).
 */
const Home = lazy(() => import('./routes/home').then((route) => ({ default: route.Home })));
const coursePages = () => import('./routes/course-pages');
const lazyPages: Record<string, ComponentType> = {
  [PRIVACY_PATH]: lazy(() => import('./routes/privacy').then((route) => ({ default: route.Privacy }))),
  [COURSE_PATH]: lazy(() => coursePages().then((route) => ({ default: route.Course }))),
  [PLAN_PATH]: lazy(() => import('./routes/plan').then((route) => ({ default: route.Plan }))),
  [UNSUBSCRIBE_PATH]: lazy(() =>
    import('./routes/unsubscribe').then((route) => ({ default: route.Unsubscribe })),
  ),
  [STUDIO_PATH]: lazy(() =>
    coursePages()
      .then((route) => route.loadStudio())
      .then((route) => ({ default: route.Studio })),
  ),
};

/**
 * The whole routing table, in the owner's published words (`words`: those she changed) and, on /course, with the
 * published outline's rows its page carries (`outlineRows`). Each page is served both at its clean URL and as its
 * prerendered file (server/src/routes/static), so both names render it.
 */
export function App({
  path,
  words = {},
  outlineRows = null,
}: {
  path: string;
  words?: SiteWordChanges;
  outlineRows?: unknown;
}) {
  return (
    <SiteWordsProvider changes={words}>
      <PublishedOutlineProvider rows={outlineRows}>
        <Page path={path} />
      </PublishedOutlineProvider>
    </SiteWordsProvider>
  );
}

function Page({ path }: { path: string }) {
  if (isLandingPath(path))
    return (
      <Suspense>
        <Home />
      </Suspense>
    );
  const page = path.replace(/\.html$/, '');
  const LazyPage = lazyPages[page];
  if (LazyPage) {
    return (
      <Suspense>
        <LazyPage />
      </Suspense>
    );
  }
  return <NotFound path={path} />;
}
