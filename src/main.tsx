import './styles.css';
import { abandonEarlyIntents, letSpaceActivateLinkButtons, recordEarlyIntents } from '@/lib/early-intent';
import { afterNextPaint } from '@/lib/after-next-paint';
import { isLandingPath } from '@/lib/landing-path';

// Until React has taken the page over, a tap on a control that needs it is kept and shown as pressed.
recordEarlyIntents();
letSpaceActivateLinkButtons();

/** A page that has not painted by then (a background tab, a headless capture) hydrates anyway. */
const LATEST_HYDRATION_MS = 1000;

const prerendered = Boolean(document.getElementById('root')?.firstElementChild);

/**
 * Every page but the landing page holds the preloads of its chunks (a course page's, supabase-js too) in an inert
 * template (server/src/site/render-pages.mjs): put in the head when it hydrates, once it has painted (or at the
 * deadline below), they are fetched side by side, after what the first paint needs, and not one after another as
 * the route imports them.
 */
function fetchPageModules() {
  const modules = document.getElementById('page-modules');
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
}

let hydrating = false;
/**
 * Evaluating React and starting to hydrate are two tasks, so that neither is a long one on a slow phone. The
 * prerendered landing page hydrates its islands only; every other page, and `npm run dev`'s, the whole app.
 */
function hydrate() {
  if (hydrating) return;
  hydrating = true;
  fetchPageModules();
  (prerendered && isLandingPath(window.location.pathname) ? import('./hydrate-landing') : import('./hydrate'))
    .then((module) => setTimeout(module.hydrate))
    .catch((error: unknown) => {
      console.error('The page could not load its script; its links still work.', error);
      abandonEarlyIntents();
    });
}

/**
 * The built page arrives prerendered and readable, so React is not needed for its first paint: it is fetched
 * and hydrated once that paint is on screen, never between the HTML and the first pixels. Browsers without
 * paint timing hydrate after the first frame. `npm run dev` serves an empty root, which is rendered at once.
 */
if (!prerendered) {
  hydrate();
} else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(hydrate);
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(hydrate, LATEST_HYDRATION_MS);
} else {
  afterNextPaint(hydrate);
}
