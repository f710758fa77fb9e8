import { Suspense, lazy } from 'react';
import { COURSE_PATH, PLAN_PATH, UNSUBSCRIBE_PATH } from '@/content/course';
import { PRIVACY_PATH } from '@/content/privacy';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';
import { Privacy } from './routes/privacy';

/**
 * The course's pages (/course, the learner's plan, /unsubscribe) are fetched by those pages only, so the landing page's
 * first load does not grow with them. They share one chunk: see routes/course-pages.ts.
 */
const coursePages = () => import('./routes/course-pages');
const Course = lazy(() => coursePages().then((route) => ({ default: route.Course })));
const Plan = lazy(() => coursePages().then((route) => ({ default: route.Plan })));
const Unsubscribe = lazy(() => coursePages().then((route) => ({ default: route.Unsubscribe })));

/**
 * The whole routing table. Each page is served both at its clean URL and as its prerendered file
 * (server/src/routes/static), so both names render it.
 */
export function App({ path }: { path: string }) {
  if (path === '/' || path === '/index.html') return <Home />;
  if (path === PRIVACY_PATH || path === `${PRIVACY_PATH}.html`) return <Privacy />;
  if (path === COURSE_PATH || path === `${COURSE_PATH}.html`) {
    return (
      <Suspense>
        <Course />
      </Suspense>
    );
  }
  if (path === PLAN_PATH || path === `${PLAN_PATH}.html`) {
    return (
      <Suspense>
        <Plan />
      </Suspense>
    );
  }
  if (path === UNSUBSCRIBE_PATH || path === `${UNSUBSCRIBE_PATH}.html`) {
    return (
      <Suspense>
        <Unsubscribe />
      </Suspense>
    );
  }
  return <NotFound path={path} />;
}
