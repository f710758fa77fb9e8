/** Inlines each entry stylesheet of `html`, preloads the first view's woff2 fonts it declares, lowers the module script's priority. */
export function inlineCriticalCss(html: string, readAsset: (href: string) => string): string;
