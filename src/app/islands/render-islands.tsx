import { renderToString } from 'react-dom/server';
import type { SiteWordChanges } from '@/content/site-words';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { ISLAND_CLASS, type Islands, islandIdPrefix } from './island';

const EMPTY_PLACE = new RegExp(`<div data-island="([\\w-]+)" class="${ISLAND_CLASS}"></div>`, 'g');

/**
 * Fills the empty island places of `html` (a page rendered inside `IslandPlaces`): each island rendered as a root
 * of its own, in the owner's `words`, as `hydrateIslands` will hydrate it in the browser.
 */
export function renderIslands(html: string, islands: Islands, words: SiteWordChanges): string {
  return html.replace(EMPTY_PLACE, (place, name: string) => {
    const Component = islands[name];
    if (!Component)
      throw new Error(`The page has a place for island "${name}", which is not one of its islands.`);
    const content = renderToString(
      <SiteWordsProvider changes={words}>
        <Component />
      </SiteWordsProvider>,
      { identifierPrefix: islandIdPrefix(name) },
    );
    return place.replace('></div>', () => `>${content}</div>`);
  });
}
