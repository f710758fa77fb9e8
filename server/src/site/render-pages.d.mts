export const SSR_FOLDER: string;
export const TEMPLATE_FILE: string;

/**
 * Every prerendered page as [file in dist/, HTML]. `ssr` is the build's server bundle (src/entry-server.tsx),
 * `manifest` Vite's manifest, `words` the fields the owner changed.
 */
export function renderPages(options: {
  ssr: unknown;
  template: string;
  manifest: unknown;
  siteUrl: string;
  words: Readonly<Record<string, string>>;
}): [file: string, html: string][];
