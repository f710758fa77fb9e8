// The build's last step on each prerendered page's head: inline the entry CSS, preload the first view's fonts,
// and let the hydration script yield to them.

/** The first view's font files (`npm run fonts` names them `*-core.woff2`; Vite adds a hash). */
const CORE_FONT = /\/[^/]+-core-[\w-]+\.woff2$/;

/**
 * Makes the first paint wait for nothing but the HTML: the entry's stylesheet is inlined (it is a few KB, and
 * a separate file would block rendering for a round trip), and the first view's woff2 fonts it declares are
 * preloaded, so they arrive with the HTML instead of after the CSS is parsed.
 */
export function inlineCriticalCss(html, readAsset) {
  const links = [...html.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g)];
  let result = html;
  for (const [tag, href] of links) {
    const css = readAsset(href);
    if (css.includes('</style')) throw new Error(`${href} contains "</style", which cannot be inlined.`);
    const fonts = [...css.matchAll(/url\(["']?(\/[^"')]+\.woff2)["']?\)/g)]
      .map(([, url]) => url)
      .filter((url) => CORE_FONT.test(url));
    const preloads = [...new Set(fonts)].map(
      (url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`,
    );
    result = result.replace(tag, () => [...preloads, `<style>${css}</style>`].join('\n    '));
  }
  // The prerendered page is readable without its script, which only hydrates it: fetched at low priority, the
  // script no longer competes with the fonts and images of the first paint.
  return result.replace(
    /<script type="module"(?! fetchpriority)/g,
    '<script type="module" fetchpriority="low"',
  );
}
