import { Home } from './routes/home';
import { NotFound } from './routes/not-found';

/** The whole routing table: the landing page at `/`, the 404 page anywhere else. */
export function App({ path }: { path: string }) {
  return path === '/' || path === '/index.html' ? <Home /> : <NotFound path={path} />;
}
