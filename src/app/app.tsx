import { type ComponentType, Suspense, lazy } from 'react';
import { COURSE_PATH, PLAN_PATH, STUDIO_PATH, UNSUBSCRIBE_PATH } from '@/content/course';
import { PRIVACY_PATH } from '@/content/privacy';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';
import { Privacy } from './routes/privacy';

/**
 * The course's pages (/course, the learner's plan, /unsubscribe) are fetched by those pages only, so the landing page's
 * first load does not grow with them. They share one chunk: see routes/course-pages.ts. The owner's studio is a
 * chunk of its own, which neither the landing page nor /course ever loads.
 */
const coursePages = () => import('./routes/course-pages');
const lazyPages: Record<string, ComponentType> = {
  [COURSE_PATH]: lazy(() => coursePages().then((route) => ({ default: route.Course }))),
  [PLAN_PATH]: lazy(() => coursePages().then((route) => ({ default: route.Plan }))),
  [UNSUBSCRIBE_PATH]: lazy(() => coursePages().then((route) => ({ default: route.Unsubscribe }))),
  [STUDIO_PATH]: lazy(() =>
    coursePages()
      .then((route) => route.loadStudio())
      .then((route) => ({ default: route.Studio })),
  ),
};

/**
 * The whole routing table. Each page is served both at its clean URL and as its prerendered file
 * (server/src/routes/static), so both names render it.
 */
export function App({ path }: { path: string }) {
  if (path === '/' || path === '/index.html') return <Home />;
  const page = path.replace(/\.html$/, '');
  if (page === PRIVACY_PATH) return <Privacy />;
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
