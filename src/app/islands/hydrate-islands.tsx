import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { SiteWordChanges } from '@/content/site-words';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { type Islands, islandIdPrefix } from './island';

/**
 * Hydrates each island of the prerendered `page`, as a root of its own, in the words it was rendered with. The
 * rest of the page stays the HTML it arrived as. In a transition, so a slow phone never sees one long task and a
 * click meanwhile hydrates its target first.
 */
export function hydrateIslands(page: ParentNode, islands: Islands, words: SiteWordChanges) {
  for (const place of page.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = place.dataset.island ?? '';
    const Component = islands[name];
    if (!Component) {
      console.error(
        `The page has an island "${name}" that its script does not know; it stays as it arrived.`,
      );
      continue;
    }
    startTransition(() => {
      hydrateRoot(
        place,
        <SiteWordsProvider changes={words}>
          <Component />
        </SiteWordsProvider>,
        { identifierPrefix: islandIdPrefix(name) },
      );
    });
  }
}
