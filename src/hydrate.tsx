import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { stopRecordingEarlyIntents } from '@/lib/early-intent';
import { readEmbeddedOutline } from '@/shared/course-outline/published-outline';
import { readEmbeddedWords } from '@/shared/site-words/embedded-words';

/**
 * Takes over the prerendered page. Hydrating in a transition lets React yield to the browser every few
 * milliseconds, so a slow phone never sees one long task; a click meanwhile hydrates its target first.
 */
export function hydrate() {
  const container = document.getElementById('root');
  if (!container) return;
  stopRecordingEarlyIntents();
  const app = (
    <App
      path={window.location.pathname}
      words={readEmbeddedWords(document)}
      outlineRows={readEmbeddedOutline(document)}
    />
  );
  if (!container.firstElementChild) {
    createRoot(container).render(app);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
