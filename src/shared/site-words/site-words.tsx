import { createContext, type ReactNode, use } from 'react';
import { type SiteWordChanges, type SiteWords, siteWordDefaults } from '@/content/site-words';

const SiteWordsContext = createContext<SiteWordChanges>({});

/** Gives the page the owner's words (`changes`, as published: the fields she changed). */
export function SiteWordsProvider({ changes, children }: { changes: SiteWordChanges; children: ReactNode }) {
  return <SiteWordsContext value={changes}>{children}</SiteWordsContext>;
}

/**
 * The site's words as this page shows them: the owner's where she changed them, over the landing page's defaults,
 * or over `defaults`, the words of a part only another page shows, whose defaults only that page's JavaScript
 * carries. A key that is no field of the part is never read.
 */
export function useSiteWords(): SiteWords;
export function useSiteWords<Words extends SiteWordChanges>(defaults: Words): Words;
export function useSiteWords(defaults: SiteWordChanges = siteWordDefaults): SiteWordChanges {
  return { ...defaults, ...use(SiteWordsContext) };
}
