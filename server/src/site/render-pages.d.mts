export function rendererFolderOf(dist: string): string;
export const TEMPLATE_FILE: string;
export const PAGES_FILE: string;
export const OUTLINE_FILE: string;
export const SITE_CSS_MANIFEST: string;

/**
 * Every prerendered page as [file in dist/, HTML]. `ssr` is the build's server bundle (src/entry-server.tsx),
 * `pages` its extra pages as the build kept them (PAGES_FILE), `words` the fields the owner changed, `outlineRows`
 * the published lessons' rows of the view `course_outline`.
 */
export function renderPages(options: {
  ssr: unknown;
  template: string;
  pages: unknown;
  siteUrl: string;
  words: Readonly<Record<string, string>>;
  outlineRows: readonly unknown[];
}): [file: string, html: string][];
