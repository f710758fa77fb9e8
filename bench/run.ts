// npm run bench: start the real server as a fresh checkout does (it builds dist/ first), then on a copy of that
// build with the reference page, measure the page (as shipped, and after an owner's edit), the bundle and the API
// against their references and what the first view loads, stop everything it started, print the tables and the summary of the targets, and write both
// to bench/results/ (which git ignores): the run never changes a tracked file.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startPostgres } from '../scripts/with-postgres.mjs';
import { findChromium } from '../scripts/find-chromium.mjs';
import { stampFile } from '../scripts/build-stamp.mjs';
import { rendererFolderOf } from '../server/src/site/render-pages.mjs';
import {
  type LoadOptions,
  type LoadResult,
  loadGuides,
  loadGuidesAgainstBareHono,
  loadHelloWorld,
  loadSendEmail,
  loadWithCounterOnAndOff,
  recordGuidesAnswer,
} from './api.ts';
import { measureBundle, readManifest } from './bundle-size.ts';
import { measureCourseArrival } from './course-arrival.ts';
import { CROWD_SECONDS, CROWD_SIZES, measureCrowd } from './crowd.ts';
import { measureFirstView } from './first-view-loads.ts';
import { measureInteraction } from './interaction.ts';
import { measureLessonStream, putStreamedLessonFirst } from './lesson-stream.ts';
import { publishOwnerEdits } from './owner-edit.ts';
import { measurePages } from './page.ts';
import {
  type Running,
  root,
  sampleRss,
  startBareHono,
  startHelloWorld,
  startSiteServer,
} from './processes.ts';
import type { ApiRun, BenchResult, PageBench } from './bench-result.ts';
import { renderReport, renderSummary } from './report.ts';
import { TARGET_SETTINGS } from './targets.ts';

const { values: args } = parseArgs({
  options: {
    // Unset, each part runs as often as its targets are stated for (TARGET_SETTINGS); set, every part runs that
    // many times: a quick look, not a verdict.
    runs: { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: String(TARGET_SETTINGS.connections) },
    rounds: { type: 'string', default: '3' },
    skip: { type: 'string', multiple: true, default: [] },
    only: { type: 'string', multiple: true, default: [] },
    // The crowd's sizes (learners at once) and each window's length in seconds.
    'crowd-sizes': { type: 'string', default: CROWD_SIZES.join(',') },
    'crowd-seconds': { type: 'string', default: String(CROWD_SECONDS) },
    // Serves dist/ as the last `npm run build` left it, without the first start that rebuilds it (and so without
    // that start's API row): for a tree someone else is building.
    'no-build': { type: 'boolean', default: false },
  },
});
const positive = (name: string, value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${name} must be a whole number, not ${value}.`);
  return number;
};
const SECTIONS = [
  'page',
  'page-edited',
  'interaction',
  'first-view',
  'course-arrival',
  'lesson-stream',
  'api',
  'postgres',
  'crowd',
];
const listed = (values: string[]) => values.flatMap((value) => value.split(','));
// `--only` runs the sections it names and skips the others; `--skip` skips those it names.
const only = listed(args.only);
const skip = new Set([
  ...listed(args.skip),
  ...(only.length > 0 ? SECTIONS.filter((section) => !only.includes(section)) : []),
]);
for (const part of [...skip, ...only]) {
  if (!SECTIONS.includes(part))
    throw new Error(`--skip and --only take ${SECTIONS.join(', ')}, not ${part}.`);
}
const runsGiven = args.runs === undefined ? undefined : Math.max(1, positive('runs', args.runs));
/** How many times a part runs: `--runs` when given, else the number its targets are stated at. */
const runsOf = (stated: number) => runsGiven ?? stated;
const lighthouseRuns = runsOf(TARGET_SETTINGS.lighthouseRuns);
const rounds = Math.max(1, positive('rounds', args.rounds));
const loadOptions: LoadOptions = {
  connections: Math.max(1, positive('connections', args.connections)),
  durationSeconds: Math.max(1, positive('duration', args.duration)),
  warmupSeconds: positive('warmup', args.warmup),
};

const dist = path.join(root, 'dist');
const resultsDir = path.join(root, 'bench', 'results');
/** Where the reference page lives in the bench's copy of the site; the shipped dist/ never has it. */
const REFERENCE_FOLDER = 'bench-reference';
const log = (line: string) => console.log(line);

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`Cleaning up failed: ${String(error)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping what the bench started…`);
    void cleanUp().then(() => process.exit(130));
  });
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function started(server: Promise<Running>): Promise<Running> {
  const running = await server;
  cleanups.push(() => running.stop());
  return running;
}

/**
 * A copy of dist/ plus the reference page, precompressed the way the build precompresses its own pages, with a copy
 * of what renders the pages again at a publish beside it, where the server looks for it.
 */
function siteWithReference(): string {
  const site = tempDir('bench-site-');
  cpSync(dist, site, { recursive: true });
  const renderer = rendererFolderOf(site);
  cpSync(rendererFolderOf(dist), renderer, { recursive: true });
  cleanups.push(() => rmSync(renderer, { recursive: true, force: true }));
  const folder = path.join(site, REFERENCE_FOLDER);
  cpSync(path.join(root, 'bench', 'reference'), folder, { recursive: true });
  const html = readFileSync(path.join(folder, 'index.html'));
  writeFileSync(
    path.join(folder, 'index.html.br'),
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(path.join(folder, 'index.html.gz'), gzipSync(html, { level: 9 }));
  return site;
}

/** The words a visitor can read: the HTML without scripts, styles and tags. */
async function visibleTextLength(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** Our pages at `paths` on the server at `siteUrl`, each beside the reference page it serves, in one Lighthouse run. */
async function benchPages(siteUrl: string, paths: string[]): Promise<PageBench[]> {
  const reference = `${siteUrl}/${REFERENCE_FOLDER}/index.html`;
  const urls = [...paths.map((page) => `${siteUrl}${page}`), reference];
  log(`Page: Lighthouse, ${lighthouseRuns} runs each of ${urls.join(', ')}…`);
  const measured = await measurePages(urls, lighthouseRuns, log);
  const referenceResult = measured.at(-1);
  if (measured.length !== urls.length || !referenceResult)
    throw new Error('Lighthouse measured fewer pages than asked.');
  const referenceText = await visibleTextLength(reference);
  return Promise.all(
    paths.map(async (page, index) => {
      const ours = measured[index];
      if (!ours) throw new Error(`Lighthouse did not measure ${page}.`);
      return {
        path: page,
        ours,
        reference: referenceResult,
        textLength: { ours: await visibleTextLength(`${siteUrl}${page}`), reference: referenceText },
      };
    }),
  );
}

/**
 * Loads the guides read and send-email on one server while sampling its memory, then stops it. Given a bare
 * Hono app, the guides read is loaded in turns with it, and its result comes back too.
 */
async function measureApi(
  startPath: ApiRun['startPath'],
  server: Running,
  bareHono?: Running,
): Promise<{ run: ApiRun; bareHonoGuides?: LoadResult }> {
  const rss = sampleRss(server.pid);
  let guides: LoadResult;
  let bareHonoGuides: LoadResult | undefined;
  if (bareHono) {
    log(
      `API, ${startPath}: GET guides and the bare Hono app's copy of its answer, in turns, ${rounds} rounds each…`,
    );
    [guides, bareHonoGuides] = await loadGuidesAgainstBareHono(server.url, bareHono.url, loadOptions, rounds);
  } else {
    log(`API, ${startPath}: GET guides…`);
    guides = await loadGuides(server.url, loadOptions);
  }
  log(`API, ${startPath}: POST send-email…`);
  const sendEmail = await loadSendEmail(
    server.url,
    loadOptions,
    `${Date.now().toString(36)}-${startPath.replace(/\W+/g, '-').toLowerCase()}`,
  );
  const peakRssMb = rss.stop();
  await server.stop();
  return { run: { startPath, guides, sendEmail, peakRssMb }, bareHonoGuides };
}

function chromiumVersion(): string {
  try {
    return execFileSync(findChromium(), ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'Chromium (version unknown)';
  }
}

/** Every section but the crowd's, on a copy of dist/ with the reference page, served on PGlite (and PostgreSQL). */
async function measureSite(result: BenchResult, runs: ApiRun[]) {
  const site = siteWithReference();
  const jwtSecret = randomBytes(32).toString('base64url');
  const pgliteDataDir = tempDir('bench-data-');
  const pglite = await started(startSiteServer({ distDir: site, dataDir: pgliteDataDir, jwtSecret }));
  if (!skip.has('page')) result.pages = await benchPages(pglite.url, ['/', '/course']);

  if (!skip.has('page-edited')) {
    // On a server of its own, so that every other part measures the site as shipped.
    const edited = await started(
      startSiteServer({ distDir: site, dataDir: tempDir('bench-data-'), jwtSecret }),
    );
    log("Page after an owner's edit: her photo and words published, each timed until GET / serves them…");
    const edit = await publishOwnerEdits(edited.url, jwtSecret, tempDir('bench-photo-'), log);
    const [page] = await benchPages(edited.url, ['/']);
    if (!page) throw new Error('Lighthouse did not measure / after the edit.');
    result.editedPage = { edit, page };
    await edited.stop();
  }

  if (!skip.has('interaction')) {
    const runs = runsOf(TARGET_SETTINGS.interactionRuns);
    log(`Interaction: the sign-up journey at 4× CPU and slow 4G, ${runs} runs…`);
    result.interaction = await measureInteraction(`${pglite.url}/`, runs);
  }

  if (!skip.has('first-view')) {
    const runs = runsOf(TARGET_SETTINGS.firstViewRuns);
    log(`First view: what the landing page loads on a phone at 4× CPU and slow 4G, ${runs} visits…`);
    result.firstView = await measureFirstView(`${pglite.url}/`, runs, readManifest(site));
  }

  if (!skip.has('course-arrival')) {
    const runs = runsOf(TARGET_SETTINGS.courseArrivalRuns);
    log(
      `Course arrival: /course from the e-mail's link until the lesson plays, at 400 kbps, 400 ms RTT and 4× CPU, ${runs} visits…`,
    );
    result.courseArrival = await measureCourseArrival(pglite.url, jwtSecret, runs);
    // The same visits once the course starts with a real-size lesson streamed by the server's pipeline; it
    // stays first for the rest of the run, which plays lessons by their slug.
    const slug = await putStreamedLessonFirst(pglite.url, pgliteDataDir, jwtSecret, log);
    log(`Course arrival, streamed lesson: the same, with ${slug} first, ${runs} visits…`);
    result.streamedArrival = await measureCourseArrival(pglite.url, jwtSecret, runs);
  }

  if (!skip.has('lesson-stream')) {
    const runs = runsOf(TARGET_SETTINGS.lessonStreamRuns);
    result.lessonStream = await measureLessonStream(pglite.url, pgliteDataDir, jwtSecret, runs, log);
  }

  if (!skip.has('api')) {
    log('API: hello-world (node:http), for information…');
    const hello = await started(startHelloWorld());
    const helloWorld = await loadHelloWorld(hello.url, loadOptions);
    await hello.stop();

    log(
      `API, PGlite: GET / (navigation), then GET guides, with the page-view counter on and off (a second server, ` +
        `COUNT_PAGE_VIEWS=false), in turns, ${rounds} rounds each…`,
    );
    const notCounting = await started(
      startSiteServer({ distDir: site, dataDir: tempDir('bench-data-'), countPageViews: false }),
    );
    const pageViewCounter = await loadWithCounterOnAndOff(pglite.url, notCounting.url, loadOptions, rounds);
    await notCounting.stop();

    const answerFile = path.join(tempDir('bench-answer-'), 'guides.json');
    writeFileSync(answerFile, JSON.stringify(await recordGuidesAnswer(pglite.url)));
    const bareHono = await started(startBareHono(answerFile));
    const { run, bareHonoGuides } = await measureApi('PGlite', pglite, bareHono);
    await bareHono.stop();
    if (!bareHonoGuides) throw new Error('The bare Hono app was not measured.');
    runs.unshift(run);

    if (!skip.has('postgres')) {
      let postgres;
      try {
        postgres = await startPostgres();
      } catch (error) {
        log(`PostgreSQL not available (${String(error)}); measured on PGlite only.`);
      }
      if (postgres) {
        const { stop } = postgres;
        cleanups.push(() => stop());
        const server = await started(
          startSiteServer({ distDir: site, dataDir: tempDir('bench-data-'), databaseUrl: postgres.url }),
        );
        runs.push((await measureApi('PostgreSQL', server)).run);
      }
    }
    result.api = { helloWorld, bareHono: bareHonoGuides, runs, pageViewCounter };
  }
}

async function main() {
  const result: BenchResult = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      node: process.version,
      chromium: chromiumVersion(),
    },
    settings: { lighthouseRuns, rounds, ...loadOptions },
    bundle: {
      initialJs: { raw: 0, gzip: 0, brotli: 0, files: [] },
      initialCss: { raw: 0, gzip: 0, brotli: 0, files: [] },
      lazy: [],
    },
  };
  const runs: ApiRun[] = [];

  if (args['no-build']) {
    if (!existsSync(path.join(dist, 'index.html')))
      throw new Error(
        '--no-build serves dist/ as it is, and dist/ holds no built site: run `npm run build`.',
      );
    log('dist/ as the last build left it (--no-build): no first start that builds it.');
  } else {
    // Without its stamp, dist/ counts as missing: the start builds it, as on a fresh checkout.
    rmSync(stampFile, { force: true });
    log('First start: scripts/start.mjs builds dist/, then serves it…');
    const firstStart = await started(startSiteServer({ dataDir: tempDir('bench-data-') }));
    if (skip.has('api')) await firstStart.stop();
    else runs.push((await measureApi('PGlite, first start (builds dist/)', firstStart)).run);
  }
  result.bundle = measureBundle(dist);

  if (!skip.has('crowd')) {
    // Before any other server starts, so that the machine holds only the crowd's server (and PostgreSQL).
    result.crowd = await measureCrowd({
      sizes: args['crowd-sizes'].split(',').map((size) => Math.max(1, positive('crowd-sizes', size))),
      seconds: Math.max(10, positive('crowd-seconds', args['crowd-seconds'])),
      distDir: dist,
      tempDir,
      jwtSecret: randomBytes(32).toString('base64url'),
      // On PostgreSQL too, unless `--skip postgres` says otherwise (`--only crowd` keeps it).
      postgres: async () => {
        if (listed(args.skip).includes('postgres')) return undefined;
        try {
          const postgres = await startPostgres();
          cleanups.push(() => postgres.stop());
          return postgres;
        } catch (error) {
          log(`PostgreSQL not available (${String(error)}); the crowd measured on PGlite only.`);
          return undefined;
        }
      },
      log,
    });
  }

  // The other sections share a copy of the site and a server on PGlite; a run of the crowd alone starts neither.
  if (SECTIONS.some((section) => section !== 'crowd' && !skip.has(section))) await measureSite(result, runs);

  const report = renderReport(result);
  mkdirSync(resultsDir, { recursive: true });
  for (const { path: page, ours, reference } of result.pages ?? []) {
    const name = page === '/' ? 'ours' : page.slice(1).replace(/\W+/g, '-');
    writeFileSync(path.join(resultsDir, `lighthouse-${name}.json`), ours.lighthouseJson);
    writeFileSync(path.join(resultsDir, 'lighthouse-reference.json'), reference.lighthouseJson);
  }
  if (result.editedPage)
    writeFileSync(
      path.join(resultsDir, 'lighthouse-ours-edited.json'),
      result.editedPage.page.ours.lighthouseJson,
    );
  const stamp = result.date.replace(/[:.]/g, '-');
  const summary = renderSummary(result, path.relative(root, path.join(resultsDir, `${stamp}.md`)));
  for (const name of [stamp, 'latest']) {
    writeFileSync(
      path.join(resultsDir, `${name}.json`),
      `${JSON.stringify(result, (key, value: unknown) => (key === 'lighthouseJson' ? undefined : value), 2)}\n`,
    );
    writeFileSync(path.join(resultsDir, `${name}.md`), report);
    writeFileSync(path.join(resultsDir, `${name}-targets.md`), summary);
  }
  console.log(`\n${report}`);
  console.log(`\n${summary}`);
  console.log(
    `Written to ${path.relative(root, resultsDir)}/: latest.{json,md}, latest-targets.md, ${stamp}.{json,md}, ` +
      `${stamp}-targets.md` +
      (result.pages ? ', lighthouse-{ours,course,reference}.json (the median runs)' : '') +
      (result.editedPage ? ', lighthouse-ours-edited.json (the median run after the edit).' : '.'),
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
