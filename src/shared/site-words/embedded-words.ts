// The published words travel in every prerendered page, in a script element of JSON, so hydration renders
// exactly what the server rendered, with no request before the first paint.
// The check is by hand, not with zod: zod would put its weight in the JavaScript every page runs first.
import type { SiteWordChanges } from '@/content/site-words';

const ELEMENT_ID = 'site-words';

const isWords = (value: unknown): value is SiteWordChanges =>
  value instanceof Object &&
  !Array.isArray(value) &&
  Object.values(value).every((word) => typeof word === 'string');

/** The element to put in a page's body: `<` escaped, so no word can end the script. */
export function embeddedWordsScript(words: SiteWordChanges): string {
  const json = JSON.stringify(words).replaceAll('<', '\\u003c');
  return `<script id="${ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** The words the page was rendered with ({} without the element, or when it holds no words). */
export function readEmbeddedWords(page: Document): SiteWordChanges {
  const text = page.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isWords(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
