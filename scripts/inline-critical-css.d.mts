/** Inlines each entry stylesheet of `html` and preloads the latin woff2 fonts it declares. */
export function inlineCriticalCss(html: string, readAsset: (href: string) => string): string;
