import { describe, expect, it } from 'vitest';
import { inlineCriticalCss } from './inline-critical-css.mjs';

const css = [
  '@font-face{font-family:Inter Variable;font-style:normal;font-display:swap;font-weight:400 700;' +
    'src:url(/assets/inter-latin-ext-D1.woff2)format("woff2");unicode-range:U+100-2BA}',
  '@font-face{font-family:Inter Variable;font-style:normal;font-display:swap;font-weight:400 700;' +
    'src:url(/assets/inter-core-A1.woff2)format("woff2");unicode-range:U+20-7E}',
  '@font-face{font-family:Serif;font-style:normal;font-display:swap;' +
    'src:url("/assets/serif-core-B2.woff2") format("woff2");unicode-range:U+20-7E,U+2013-2014}',
  '@font-face{font-family:Serif;font-style:normal;font-display:swap;' +
    'src:url(/assets/serif-latin-C3.woff2) format("woff2");unicode-range:U+A1-FF}',
  'body{font-family:Inter Variable}',
].join('');

const page = (head: string) => `<html><head>${head}</head><body><p>Hi</p></body></html>`;

describe('inlineCriticalCss', () => {
  it("replaces the entry stylesheet with its content and preloads the first view's core fonts only", () => {
    const html = page(
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '<link rel="stylesheet" crossorigin href="/assets/index-2.css">',
    );
    const result = inlineCriticalCss(html, (href) => {
      expect(href).toBe('/assets/index-2.css');
      return css;
    });
    expect(result).not.toContain('rel="stylesheet"');
    expect(result).toContain(`<style>${css}</style>`);
    const preloads = [
      ...result.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g),
    ];
    expect(preloads.map(([, href]) => href)).toEqual([
      '/assets/inter-core-A1.woff2',
      '/assets/serif-core-B2.woff2',
    ]);
    expect(result.indexOf('rel="preload"')).toBeLessThan(result.indexOf('<style>'));
    expect(result).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
    );
  });

  it('leaves a page without an entry stylesheet as it is', () => {
    const html = page('<link rel="icon" href="/favicon.svg">');
    expect(inlineCriticalCss(html, () => css)).toBe(html);
  });

  it('refuses CSS that would close the style element early', () => {
    const html = page('<link rel="stylesheet" href="/assets/index-2.css">');
    expect(() => inlineCriticalCss(html, () => 'a::after{content:"</style>"}')).toThrow(/cannot be inlined/);
  });
});
