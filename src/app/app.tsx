import { PRIVACY_PATH } from '@/content/privacy';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';
import { Privacy } from './routes/privacy';

/**
 * The whole routing table. Each page is served both at its clean URL and as its prerendered file
 * (server/src/routes/static), so both names render it.
 */
export function App({ path }: { path: string }) {
  if (path === '/' || path === '/index.html') return <Home />;
  if (path === PRIVACY_PATH || path === `${PRIVACY_PATH}.html`) return <Privacy />;
  return <NotFound path={path} />;
}
