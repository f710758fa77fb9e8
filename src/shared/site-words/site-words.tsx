import { createContext, type ReactNode, use } from 'react';
import { type SiteWordChanges, type SiteWords, siteWordDefaults, siteWordsWith } from '@/content/site-words';

const SiteWordsContext = createContext<SiteWords>(siteWordDefaults);

/** Gives the page the owner's words (`changes`, as published) over the defaults. */
export function SiteWordsProvider({ changes, children }: { changes: SiteWordChanges; children: ReactNode }) {
  return <SiteWordsContext value={siteWordsWith(changes)}>{children}</SiteWordsContext>;
}

/** The site's words as this page shows them: the owner's where she changed them. */
export const useSiteWords = (): SiteWords => use(SiteWordsContext);
