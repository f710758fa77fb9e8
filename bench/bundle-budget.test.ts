import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isBuildCurrent, root } from '../scripts/build-stamp.mjs';
import { buildSite } from '../scripts/build.mjs';
import { type BundleReport, initialChunks, measureBundle, readManifest } from './bundle-size.ts';
import { BUDGET } from './targets.ts';

describe('initialChunks', () => {
  it("follows every entry's static imports and the landing page's start-up import, and leaves other dynamic imports out", () => {
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_preload.js'],
        dynamicImports: ['_hydrate-landing.js', '_hydrate.js'],
      },
      '_preload.js': { file: 'assets/preload.js' },
      '_hydrate-landing.js': {
        file: 'assets/hydrate-landing.js',
        name: 'hydrate-landing',
        imports: ['_react.js'],
        dynamicImports: ['dialog.tsx'],
      },
      '_hydrate.js': { file: 'assets/hydrate.js', name: 'hydrate', imports: ['_hydrate-landing.js'] },
      '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
      'dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_shared.js', '_radix.js'] },
      '_radix.js': { file: 'assets/radix.js' },
    };
    expect(initialChunks(manifest).sort()).toEqual([
      '_hydrate-landing.js',
      '_preload.js',
      '_react.js',
      '_shared.js',
      'index.html',
    ]);
  });

  it('refuses a manifest without an entry or with a dangling import', () => {
    expect(() => initialChunks({ 'a.ts': { file: 'a.js' } })).toThrow(/no entry chunk/);
    expect(() => initialChunks({ 'index.html': { file: 'i.js', isEntry: true, imports: ['gone'] } })).toThrow(
      /names gone/,
    );
    expect(() => initialChunks({ 'index.html': { file: 'i.js', isEntry: true } })).toThrow(
      /imports the hydrate-landing chunk/,
    );
  });
});

describe("the byte budget of the site's build", () => {
  const dist = path.join(root, 'dist');
  let report: BundleReport;

  beforeAll(async () => {
    // npm test builds dist/ before its suites; run alone, this builds it as npm start would.
    if (!isBuildCurrent()) {
      // Vitest runs with NODE_ENV=test, which would give React's development build; measure what ships.
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        await buildSite();
      } finally {
        if (nodeEnv === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = nodeEnv;
      }
    }
    report = measureBundle(dist);
  }, 180_000);

  /** A built file's text: a page, or a stylesheet. */
  const builtFile = (file: string) => readFileSync(path.join(dist, file), 'utf8');
  const list = (files: { file: string; gzip: number }[]) =>
    files.map(({ file, gzip }) => `${file} ${gzip} B`).join(', ');

  it(`keeps the JavaScript before interaction within ${BUDGET.initialJsGzip / 1000} KB gzipped`, () => {
    expect(report.initialJs.files.length).toBeGreaterThan(0);
    expect(report.initialJs.gzip, `initial JavaScript: ${list(report.initialJs.files)}`).toBeLessThanOrEqual(
      BUDGET.initialJsGzip,
    );
  });

  it(`keeps the CSS before interaction within ${BUDGET.initialCssGzip / 1000} KB gzipped`, () => {
    expect(report.initialCss.files.length).toBeGreaterThan(0);
    expect(report.initialCss.gzip, `initial CSS: ${list(report.initialCss.files)}`).toBeLessThanOrEqual(
      BUDGET.initialCssGzip,
    );
  });

  it(`keeps the landing page's HTML within ${BUDGET.landingHtmlBrotli / 1000} KB as it is sent (brotli)`, () => {
    expect(readFileSync(path.join(dist, 'index.html.br')).byteLength).toBeLessThanOrEqual(
      BUDGET.landingHtmlBrotli,
    );
  });

  // supabase-js names itself in its X-Client-Info header; the marker tells its code apart in any chunk.
  const holdsSupabase = (file: string) => readFileSync(path.join(dist, file), 'utf8').includes('supabase-js');

  it('loads supabase-js only on demand', () => {
    expect(report.initialJs.files.filter(({ file }) => holdsSupabase(file))).toEqual([]);
    expect(report.lazy.some(({ file }) => holdsSupabase(file))).toBe(true);
  });

  /** The chunks a page's inert template names, to be preloaded after its first paint (src/main.tsx). */
  const afterFirstPaint = (page: string) => {
    const template = /<template id="page-modules">([\s\S]*?)<\/template>/.exec(builtFile(page))?.[1] ?? '';
    return [...template.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
      ([, file]) => file ?? '',
    );
  };

  it('has a course page fetch its chunks and supabase-js side by side once it has painted; the landing page none', () => {
    // Nothing is preloaded before the first paint: the page's fonts and first picture have the link to themselves.
    expect(builtFile('course.html').replace(/<template[\s\S]*?<\/template>/, '')).not.toMatch(
      /rel="modulepreload"/,
    );
    const course = afterFirstPaint('course.html');
    const coursePages = report.lazy.find(({ name }) => name === 'course-pages')?.file;
    expect(coursePages).toBeDefined();
    expect(course).toContain(coursePages);
    expect(course.filter(holdsSupabase)).toHaveLength(1);
    expect(builtFile('index.html')).not.toMatch(/rel="modulepreload"/);
  });

  it("has /course fetch no other page's chunk: the landing page's sections, the learner's plan, /unsubscribe", () => {
    const manifest = readManifest(dist);
    const course = afterFirstPaint('course.html');
    for (const page of [
      'src/app/routes/home.tsx',
      'src/app/routes/plan.tsx',
      'src/app/routes/unsubscribe.tsx',
    ]) {
      expect(manifest[page]?.isDynamicEntry, `${page} is a chunk of its own`).toBe(true);
      expect(course).not.toContain(manifest[page]?.file);
    }
    expect(afterFirstPaint('course/plan.html')).toContain(manifest['src/app/routes/plan.tsx']?.file);
    expect(afterFirstPaint('course/plan.html').filter(holdsSupabase)).toEqual([]);
    expect(afterFirstPaint('unsubscribe.html')).toContain(manifest['src/app/routes/unsubscribe.tsx']?.file);
    expect(afterFirstPaint('unsubscribe.html').filter(holdsSupabase)).toHaveLength(1);
  });

  it("inlines in every page the site's stylesheet, without the studio's own classes; the studio's page links the whole one after it", () => {
    const [site] = report.initialCss.files;
    const whole = report.lazy.find(({ name }) => name === 'style.css')?.file ?? '';
    expect(report.initialCss.files).toHaveLength(1);
    expect(builtFile(whole).length).toBeGreaterThan(builtFile(site?.file ?? '').length);
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.html'),
    );
    expect(pages).toEqual(expect.arrayContaining(['index.html', 'course.html', 'studio.html']));
    for (const page of pages)
      expect(builtFile(page), page).toContain(`<style>${builtFile(site?.file ?? '')}</style>`);
    expect(builtFile('index.html')).not.toMatch(/rel="stylesheet"/);
    const studio = builtFile('studio.html');
    expect(studio.indexOf(`<link rel="stylesheet" crossorigin href="/${whole}">`)).toBeGreaterThan(
      studio.indexOf('</style>'),
    );
  });
});
