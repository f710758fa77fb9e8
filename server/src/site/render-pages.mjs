// The prerendered pages, made from the build's template and server bundle in the owner's published words, /course
// with her published lessons: by scripts/build.mjs, and by the embedded server when she publishes words or lessons
// (server/src/site/published-site.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @param {string} text */
const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Where the build keeps what renders the pages again (the server bundle, the page template, the extra pages with
 * their preloads): beside the site, `dist-ssr/` for `dist/`, so that nothing of it is served or uploaded with it.
 */
export const rendererFolderOf = (dist) => `${dist.replace(/[/\\]+$/, '')}-ssr`;
export const TEMPLATE_FILE = 'template.html';
export const PAGES_FILE = 'pages.json';
/** The published outline's rows the build rendered /course with, beside them. */
export const OUTLINE_FILE = 'outline.json';
/** Where the build of src/site.css, the stylesheet every page inlines, names its file (in the site's folder). */
export const SITE_CSS_MANIFEST = '.vite/site-css-manifest.json';

/** A module as Vite's manifest names it: a source path as it is, a package by the file its import resolves to. */
const manifestKey = (module) =>
  module.startsWith('src/') ? module : path.relative(root, fileURLToPath(import.meta.resolve(module)));

/**
 * `<link rel="modulepreload">`s for the chunks of `modules` and every chunk they import, the entry's aside (the
 * page loads it anyway): a lazily loaded page's chunks then arrive side by side, not one round trip after another.
 */
function modulePreloads(manifest, modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (chunk === undefined)
      throw new Error(`${key} is not in Vite's manifest: a page preloads a module no chunk holds.`);
    if (chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(manifestKey(module));
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/**
 * The page's head with its own title and description (and, shared, its og: twins). Each goes in by a function,
 * so that a `$` in the owner's words is a dollar sign, not a replacement pattern.
 */
function withHead(html, title, description) {
  const content = (text) => (_match, opening) => `${opening}${escapeHtml(text)}"`;
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, content(description))
    .replace(/(<meta property="og:title" content=")[^"]*"/, content(title))
    .replace(/(<meta\s+property="og:description"\s+content=")[^"]*"/, content(description));
}

/**
 * Every page's share image: the one the owner uploaded, at a full address (`picture` is a path on the site on the
 * embedded back end), in place of the shipped one, whose size and description no longer apply.
 */
function withShareImage(html, picture, siteUrl) {
  if (picture === null) return html;
  const address = picture.startsWith('/') ? `${siteUrl}${picture}` : picture;
  return html
    .replace(
      /(<meta property="og:image" content=")[^"]*"/,
      (_match, opening) => `${opening}${escapeHtml(address)}"`,
    )
    .replace(/\s*<meta property="og:image:(width|height)"[^>]*>/g, '')
    .replace(/\s*<meta\s+property="og:image:alt"\s+content="[^"]*"\s*\/>/, '');
}

/**
 * The server bundle's extra pages, each with the preloads of its modules and, for a page that asks for the whole
 * stylesheet (`wholeStylesheet`: the studio's), its link: every page inlines the site's stylesheet, which lacks the
 * classes only the studio uses (src/site.css). Made at build time, where the modules resolve as Vite's manifest
 * names them, and kept in dist/ (PAGES_FILE) for the renders after it.
 */
export function extraPagesOf(ssr, manifest) {
  return ssr.extraPages.map((page) => ({
    ...page,
    preloads: modulePreloads(manifest, page.modules),
    stylesheets: page.wholeStylesheet
      ? [`<link rel="stylesheet" crossorigin href="/${manifest['style.css'].file}">`]
      : [],
  }));
}

/**
 * Every prerendered page as [file in dist/, HTML]: index.html, 404.html and the extra pages (`extraPagesOf`).
 * `template` is the built index.html with its CSS inlined and the site's address in it; `words` the fields the
 * owner changed, as published; `outlineRows` the view `course_outline`'s rows, which a page that shows the outline
 * (`carriesOutline`) is rendered with and carries.
 */
export function renderPages({ ssr, template, pages, siteUrl, words, outlineRows }) {
  if (!template.includes('<!--app-html-->')) throw new Error('index.html lost its <!--app-html--> marker');
  const head = ssr.landingHead(words);
  const withWords = withShareImage(
    template.replace('</body>', () => `  ${ssr.embeddedWordsScript(words)}\n  </body>`),
    head.shareImage,
    siteUrl,
  );
  const home = head.changed ? withHead(withWords, head.title, head.description) : withWords;
  const rendered = [['index.html', home.replace('<!--app-html-->', () => ssr.render('/', words))]];
  const notFound = withWords
    .replace(
      /<title>[^<]*<\/title>/,
      '<title>Page not found</title>\n    <meta name="robots" content="noindex" />',
    )
    .replace(/\s*<link rel="canonical"[^>]*>/, '')
    .replace('<!--app-html-->', () => ssr.render('/404', words));
  rendered.push(['404.html', notFound]);
  for (const page of pages) {
    const rows = page.carriesOutline ? outlineRows : null;
    const html = withHead(withWords, page.title, page.description)
      .replace(
        /<title>[^<]*<\/title>/,
        (title) => `${title}${page.noindex ? '\n    <meta name="robots" content="noindex" />' : ''}`,
      )
      .replace(/(<link rel="canonical" href=")[^"]*"/, `$1${siteUrl}${page.path}"`)
      .replace(/(<meta property="og:url" content=")[^"]*"/, `$1${siteUrl}${page.path}"`)
      // The Course's structured data describes the landing page only.
      .replace(/\s*<script type="application\/ld\+json">[\s\S]*?<\/script>/, '')
      // Inert until the page's first script puts them in the head, once the first paint is on screen (src/main.tsx).
      .replace(
        '</head>',
        () =>
          `  ${page.stylesheets.map((link) => `${link}\n    `).join('')}<template id="page-modules">\n      ${page.preloads.join('\n      ')}\n    </template>\n  </head>`,
      )
      .replace('</body>', () =>
        rows === null ? '</body>' : `  ${ssr.embeddedOutlineScript(rows)}\n  </body>`,
      )
      .replace('<!--app-html-->', () => ssr.render(page.path, words, rows));
    rendered.push([page.file, html]);
  }
  return rendered;
}
