import { createContext, type ReactNode, use, useMemo } from 'react';
import { type SiteWordChanges, type SiteWords, siteWordsWith } from '@/content/site-words';

const SiteWordsContext = createContext<SiteWords>(siteWordsWith({}));

/** Gives the page the owner's words (`changes`, as published) over the defaults. */
export function SiteWordsProvider({ changes, children }: { changes: SiteWordChanges; children: ReactNode }) {
  const words = useMemo(() => siteWordsWith(changes), [changes]);
  return <SiteWordsContext value={words}>{children}</SiteWordsContext>;
}

/** The site's words as this page shows them: the owner's where she changed them. */
export const useSiteWords = (): SiteWords => use(SiteWordsContext);
