import { describe, expect, it } from 'vitest';
import {
  type FirstViewLog,
  type Moment,
  assetNames,
  readFirstView,
  requestName,
} from './first-view-loads.ts';

const manifest = {
  'index.html': {
    file: 'assets/index-DcGdg-ip.js',
    name: 'index',
    isEntry: true,
    css: ['assets/index-B_mylVlY.css'],
  },
  _hydrate: { file: 'assets/hydrate-landing-CXRgu0N2.js', name: 'hydrate-landing' },
  'node_modules/@supabase/supabase-js/dist/index.mjs': {
    file: 'assets/dist-D8vgyRSw.js',
    name: 'dist',
    isDynamicEntry: true,
  },
  'node_modules/embla-carousel/esm/embla-carousel.esm.js': {
    file: 'assets/embla-carousel.esm-BEQKEzAB.js',
    name: 'embla-carousel.esm',
  },
  _icons: { file: 'assets/icons-vEqFC0WF.js', name: 'icons' },
  'src/assets/fonts/inter-core.woff2': { file: 'assets/inter-core-DX22opyM.woff2' },
  'src/assets/guides/guide-fallback-2.svg': { file: 'assets/guide-fallback-2--tJ3qzEe.svg' },
};

describe('assetNames', () => {
  it("names each file of the build as the build does, without its hash, and a package's chunk by its package", () => {
    expect(Object.fromEntries(assetNames(manifest))).toEqual({
      '/assets/index-DcGdg-ip.js': 'index.js',
      '/assets/index-B_mylVlY.css': 'index.css',
      '/assets/hydrate-landing-CXRgu0N2.js': 'hydrate-landing.js',
      '/assets/dist-D8vgyRSw.js': '@supabase/supabase-js',
      '/assets/embla-carousel.esm-BEQKEzAB.js': 'embla-carousel',
      '/assets/icons-vEqFC0WF.js': 'icons.js',
      '/assets/inter-core-DX22opyM.woff2': 'inter-core.woff2',
      '/assets/guide-fallback-2--tJ3qzEe.svg': 'guide-fallback-2.svg',
    });
  });

  it('names any other request by its path, without the query', () => {
    const names = assetNames(manifest);
    expect(requestName('http://localhost:8080/assets/hydrate-landing-CXRgu0N2.js', names)).toBe(
      'hydrate-landing.js',
    );
    expect(requestName('http://localhost:8080/rest/v1/guides?select=*&order=order_index', names)).toBe(
      '/rest/v1/guides',
    );
    expect(requestName('http://localhost:8080/', names)).toBe('/');
  });
});

/** A visit that loads what the page is built to load, when it is built to load it. */
const requests: [Moment, string][] = [
  ['first view', '/'],
  ['first view', 'inter-core.woff2'],
  ['first view', 'fraunces-core.woff2'],
  ['first view', 'index.js'],
  ['first view', 'hydrate-landing.js'],
  ['first view', 'icons.js'],
  ['idle', 'signup-dialog.js'],
  ['dialog open', 'teaser-still-960.webp'],
  ['carousel near', 'fetch-guides.js'],
  ['carousel near', '@supabase/supabase-js'],
  ['carousel near', '/rest/v1/guides'],
  ['carousel near', 'guide-fallback-2.svg'],
];

function visit(
  overrides: { requests?: [Moment, string][]; firstPaintMs?: number | null; hydrateMs?: number } = {},
): FirstViewLog {
  return {
    requests: (overrides.requests ?? requests).map(([moment, name]) => ({ moment, name })),
    firstPaintMs: overrides.firstPaintMs === undefined ? 400 : overrides.firstPaintMs,
    resources: [
      { name: 'index.js', startMs: 100, responseEndMs: 300 },
      { name: 'hydrate-landing.js', startMs: overrides.hydrateMs ?? 450, responseEndMs: 900 },
    ],
  };
}

/** The requests of the visit with `extra` inserted before the request at `index`. */
const withRequest = (index: number, extra: [Moment, string]) => [
  ...requests.slice(0, index),
  extra,
  ...requests.slice(index),
];

describe('readFirstView', () => {
  it('reads a visit that loads each thing when it should', () => {
    expect(readFirstView(visit())).toEqual({
      hydration: 'after the first paint',
      paintToHydrateMs: 50,
      fonts: ['fraunces-core.woff2', 'inter-core.woff2'],
      dialogCodeBeforeHydration: 0,
      dialogCodeBeforeClick: true,
      dialogCodeOnClick: 0,
      guidesBeforeNear: 0,
      guidesBehindDialog: 0,
      guidesWhenNear: 1,
      heroIllustration: 0,
      teaserStills: ['teaser-still-960.webp'],
    });
  });

  it("tells the hydration script's request after the first paint, at src/main.tsx's deadline, before, or never", () => {
    expect(readFirstView(visit({ hydrateMs: 399 })).hydration).toBe('before the first paint');
    // The entry script's response ended at 300 ms: the deadline is a second later.
    expect(readFirstView(visit({ hydrateMs: 1299, firstPaintMs: 2000 })).hydration).toBe(
      'before the first paint',
    );
    expect(readFirstView(visit({ hydrateMs: 1300, firstPaintMs: 2000 })).hydration).toBe('at the deadline');
    expect(readFirstView(visit({ hydrateMs: 1300, firstPaintMs: null })).hydration).toBe('at the deadline');
    expect(readFirstView(visit({ hydrateMs: 1300, firstPaintMs: null })).paintToHydrateMs).toBeNull();
    const noHydration = visit();
    noHydration.resources = noHydration.resources.filter((entry) => entry.name !== 'hydrate-landing.js');
    expect(readFirstView(noHydration).hydration).toBe('never');
  });

  it('counts only the fonts of the first view', () => {
    const fonts = readFirstView(
      visit({ requests: [...requests, ['dialog open', 'inter-latin.woff2']] }),
    ).fonts;
    expect(fonts).toEqual(['fraunces-core.woff2', 'inter-core.woff2']);
    expect(
      readFirstView(visit({ requests: withRequest(1, ['first view', 'inter-latin.woff2']) })).fonts,
    ).toEqual(['fraunces-core.woff2', 'inter-core.woff2', 'inter-latin.woff2']);
  });

  it("tells the dialog's code requested before the hydration script, only on the click, or again later", () => {
    const early = readFirstView(visit({ requests: withRequest(4, ['first view', 'signup-dialog.js']) }));
    expect(early.dialogCodeBeforeHydration).toBe(1);
    const onClick = readFirstView(
      visit({
        requests: [
          ...requests.filter(([, name]) => name !== 'signup-dialog.js'),
          ['dialog open', 'signup-dialog.js'],
        ],
      }),
    );
    expect(onClick.dialogCodeBeforeClick).toBe(false);
    expect(onClick.dialogCodeOnClick).toBe(1);
  });

  it('counts the guides, their code and supabase-js before the carousel is near and behind the dialog', () => {
    const early = readFirstView(
      visit({
        requests: withRequest(7, ['idle', 'fetch-guides.js']).concat([
          ['idle', '@supabase/supabase-js'],
          ['dialog open', '/rest/v1/guides'],
        ]),
      }),
    );
    expect(early.guidesBeforeNear).toBe(2);
    expect(early.guidesBehindDialog).toBe(1);
    expect(readFirstView(visit({ requests: requests.slice(0, -2) })).guidesWhenNear).toBe(0);
  });

  it('counts the hero illustration and lists the teaser stills over the whole visit', () => {
    const desktop = readFirstView(
      visit({
        requests: [...requests, ['first view', 'hero-lenses.svg'], ['teaser near', 'teaser-still-1280.webp']],
      }),
    );
    expect(desktop.heroIllustration).toBe(1);
    expect(desktop.teaserStills).toEqual(['teaser-still-1280.webp', 'teaser-still-960.webp']);
  });
});
