// The published outline travels in /course's prerendered page as the view's rows, in a script element of JSON, so
// the page is rendered, and hydrates, with the owner's lessons, and a free first lesson's files are known before
// any request. Its rows are parsed where the outline is used (../../features/course/use-course-outline.ts): the
// pages that load this module first do not carry zod.
import { createContext, type ReactNode, use } from 'react';

const ELEMENT_ID = 'course-outline';

/** The element to put in a page's body: `<` escaped, so no title can end the script. */
export function embeddedOutlineScript(rows: readonly unknown[]): string {
  const json = JSON.stringify(rows).replaceAll('<', '\\u003c');
  return `<script id="${ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** The outline's rows the page was rendered with, unparsed; null when it carries none. */
export function readEmbeddedOutline(page: Document): unknown {
  const text = page.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const PublishedOutlineContext = createContext<unknown>(null);

/** Gives the page the published outline's rows it was rendered with (null: none). */
export function PublishedOutlineProvider({ rows, children }: { rows: unknown; children: ReactNode }) {
  return <PublishedOutlineContext value={rows}>{children}</PublishedOutlineContext>;
}

/** The published outline's rows the page was rendered with, unparsed; null when it carries none. */
export function usePublishedOutlineRows(): unknown {
  return use(PublishedOutlineContext);
}
