// The web build: Vite's client bundle, then each route prerendered to static HTML, then brotli/gzip variants.
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { computeStamp, root, stampFile } from './build-stamp.mjs';
import { inlineCriticalCss } from './inline-critical-css.mjs';
import { seededOutlineRows } from './seeded-lessons.mjs';
import { loadEnvFile } from '../server/src/config/load-env-file.mjs';
import { fetchPublishedOutline, fetchPublishedWords } from '../server/src/site/published-words.mjs';
import {
  extraPagesOf,
  OUTLINE_FILE,
  PAGES_FILE,
  renderPages,
  rendererFolderOf,
  SITE_CSS_MANIFEST,
  TEMPLATE_FILE,
} from '../server/src/site/render-pages.mjs';

const defaultDist = path.join(root, 'dist');
const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|vtt|txt|xml)$/;

/** The files served from `folder`: not the server bundle and template kept in its dot names. */
function* walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * The owner's published words and lessons when the build is for a static host (SITE_WORDS_FROM names the API they
 * are published in): its pages then carry them. Else no words and the seeded lessons: the embedded server renders
 * its pages again itself when hers differ.
 */
async function publishedContent() {
  const apiUrl = process.env.SITE_WORDS_FROM?.trim();
  if (!apiUrl) return { words: {}, outlineRows: seededOutlineRows() };
  const anonKey = process.env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!anonKey)
    throw new Error(
      'SITE_WORDS_FROM needs VITE_SUPABASE_ANON_KEY, the public key the site calls that API with.',
    );
  // A failure stops the build: pages in the shipped words would undo, unseen, what the owner published.
  const api = { apiUrl, anonKey };
  const [words, outlineRows] = await Promise.all([fetchPublishedWords(api), fetchPublishedOutline(api)]);
  console.log(
    `Prerendering in the site words published at ${apiUrl} (${Object.keys(words).length} changed), with its ${outlineRows.length} published lessons.`,
  );
  return { words, outlineRows };
}

/**
 * The server bundle (bundled whole, so it runs from dist/ wherever that is) and the page template, kept in
 * dist/ for the embedded server to render the pages again when the owner publishes; then every page rendered.
 */
async function prerender(dist) {
  const ssrOut = rendererFolderOf(dist);
  await build({
    root,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
  });
  const ssr = await import(pathToFileURL(path.join(ssrOut, 'entry-server.js')).href);
  // SITE_URL may list several addresses; the first is the site's public one.
  const siteUrl = (process.env.SITE_URL || 'http://localhost:8080').split(',')[0].trim().replace(/\/$/, '');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const siteCss = JSON.parse(readFileSync(path.join(dist, SITE_CSS_MANIFEST), 'utf8'))['src/site.css'].file;
  // Every page inlines the site's stylesheet in place of the whole one, which the studio's page links (extraPagesOf).
  const template = inlineCriticalCss(
    readFileSync(path.join(dist, 'index.html'), 'utf8')
      .replaceAll('__SITE_URL__', siteUrl)
      .replace(`/${manifest['style.css'].file}"`, `/${siteCss}"`),
    (href) => readFileSync(path.join(dist, href), 'utf8'),
  );
  writeFileSync(path.join(ssrOut, TEMPLATE_FILE), template);
  const pages = extraPagesOf(ssr, manifest);
  writeFileSync(path.join(ssrOut, PAGES_FILE), JSON.stringify(pages));
  const { words, outlineRows } = await publishedContent();
  writeFileSync(path.join(ssrOut, OUTLINE_FILE), JSON.stringify(outlineRows));
  for (const [file, html] of renderPages({ ssr, template, pages, siteUrl, words, outlineRows })) {
    // A page below another's address (course/plan.html) goes in that page's folder.
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), html);
  }
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
  // src/site.css on its own: the app's one stylesheet (cssCodeSplit off) is src/styles.css, whole.
  await build({
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      cssCodeSplit: true,
      manifest: SITE_CSS_MANIFEST,
      rolldownOptions: { input: 'src/site.css' },
    },
  });
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
