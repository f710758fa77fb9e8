// The web build: Vite's client bundle, then each route prerendered to static HTML, then brotli/gzip variants.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { computeStamp, root, stampFile } from './build-stamp.mjs';
import { inlineCriticalCss } from './inline-critical-css.mjs';
import { loadEnvFile } from '../server/src/config/load-env-file.mjs';

const defaultDist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules', '.tmp', 'ssr');
const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|vtt|txt|xml)$/;

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function* walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** A module as Vite's manifest names it: a source path as it is, a package by the file its import resolves to. */
const manifestKey = (module) =>
  module.startsWith('src/') ? module : path.relative(root, fileURLToPath(import.meta.resolve(module)));

/**
 * `<link rel="modulepreload">`s for the chunks of `modules` and every chunk they import, the entry's aside (the
 * page loads it anyway): a lazily loaded page's chunks then arrive side by side with the HTML's, not one round
 * trip after another.
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

async function prerender(dist) {
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true },
  });
  const { render, extraPages } = await import(pathToFileURL(path.join(ssrOut, 'entry-server.js')).href);
  // SITE_URL may list several addresses; the first is the site's public one.
  const siteUrl = (process.env.SITE_URL || 'http://localhost:8080').split(',')[0].trim().replace(/\/$/, '');
  const template = inlineCriticalCss(
    readFileSync(path.join(dist, 'index.html'), 'utf8').replaceAll('__SITE_URL__', siteUrl),
    (href) => readFileSync(path.join(dist, href), 'utf8'),
  );
  if (!template.includes('<!--app-html-->')) throw new Error('index.html lost its <!--app-html--> marker');
  writeFileSync(path.join(dist, 'index.html'), template.replace('<!--app-html-->', render('/')));
  const notFound = template
    .replace(
      /<title>[^<]*<\/title>/,
      '<title>Page not found</title>\n    <meta name="robots" content="noindex" />',
    )
    .replace(/\s*<link rel="canonical"[^>]*>/, '')
    .replace('<!--app-html-->', render('/404'));
  writeFileSync(path.join(dist, '404.html'), notFound);
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  for (const page of extraPages) {
    const preloads = modulePreloads(manifest, page.modules);
    const html = template
      .replace(
        /<title>[^<]*<\/title>/,
        `<title>${escapeHtml(page.title)}</title>${page.noindex ? '\n    <meta name="robots" content="noindex" />' : ''}`,
      )
      .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${escapeHtml(page.description)}"`)
      .replace(/(<link rel="canonical" href=")[^"]*"/, `$1${siteUrl}${page.path}"`)
      .replace(/(<meta property="og:url" content=")[^"]*"/, `$1${siteUrl}${page.path}"`)
      .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${escapeHtml(page.title)}"`)
      .replace(/(<meta\s+property="og:description"\s+content=")[^"]*"/, `$1${escapeHtml(page.description)}"`)
      // The Course's structured data describes the landing page only.
      .replace(/\s*<script type="application\/ld\+json">[\s\S]*?<\/script>/, '')
      .replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`)
      .replace('<!--app-html-->', render(page.path));
    // A page below another's address (course/plan.html) goes in that page's folder.
    mkdirSync(path.dirname(path.join(dist, page.file)), { recursive: true });
    writeFileSync(path.join(dist, page.file), html);
  }
  rmSync(ssrOut, { recursive: true, force: true });
}

function precompress(dist) {
  for (const file of walk(dist)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/** Builds into dist/ (and stamps it, so npm start knows it is current), or into another folder, unstamped. */
export async function buildSite({ outDir = defaultDist } = {}) {
  const stamp = computeStamp();
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  await prerender(outDir);
  precompress(outDir);
  if (outDir === defaultDist) writeFileSync(stampFile, stamp);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  loadEnvFile();
  // A production build without SITE_URL would bake http://localhost:8080 into every link it prerenders.
  if (process.env.NODE_ENV === 'production' && !process.env.SITE_URL?.trim()) {
    console.error(
      "SITE_URL is not set: a production build (NODE_ENV=production) needs the site's public address, e.g. SITE_URL=https://lenses.example (in the environment or .env).",
    );
    process.exit(1);
  }
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  await buildSite(values['out-dir'] ? { outDir: path.resolve(values['out-dir']) } : {});
  console.log('Built dist/ (prerendered index.html, 404.html and the extra pages of src/entry-server.tsx).');
}
