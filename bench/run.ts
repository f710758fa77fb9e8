// npm run bench: build, start the real server on a free port with fresh data, measure the page, the bundle and
// the API against their references, stop everything it started, print the tables and write bench/results/.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startPostgres } from '../scripts/with-postgres.mjs';
import { findChromium } from '../scripts/find-chromium.mjs';
import { hasSendEmail, loadGuides, loadHelloWorld, loadSendEmail, type LoadOptions } from './api.ts';
import { measureBundle } from './bundle-size.ts';
import { measurePages } from './page.ts';
import { type Running, root, sampleRss, startHelloWorld, startSiteServer } from './processes.ts';
import { type ApiRun, type BenchResult, renderReport } from './report.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '100' },
    skip: { type: 'string', multiple: true, default: [] },
    'update-readme': { type: 'boolean', default: false },
  },
});
const positive = (name: string, value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${name} must be a whole number, not ${value}.`);
  return number;
};
const skip = new Set(args.skip.flatMap((value) => value.split(',')));
for (const part of skip) {
  if (!['page', 'api', 'postgres'].includes(part))
    throw new Error(`--skip takes page, api or postgres, not ${part}.`);
}
const lighthouseRuns = Math.max(1, positive('runs', args.runs));
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

/** A copy of dist/ plus the reference page, precompressed the way the build precompresses its own pages. */
function siteWithReference(): string {
  const site = tempDir('bench-site-');
  cpSync(dist, site, { recursive: true });
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

async function measureApi(
  backend: string,
  site: string,
  databaseUrl: string | undefined,
  existing?: Running,
): Promise<ApiRun> {
  const server =
    existing ??
    (await started(startSiteServer({ distDir: site, dataDir: tempDir('bench-data-'), databaseUrl })));
  const rss = sampleRss(server.pid);
  log(`API on ${backend}: GET guides…`);
  const guides = await loadGuides(server.url, loadOptions);
  let sendEmail;
  if (await hasSendEmail(server.url)) {
    log(`API on ${backend}: POST send-email…`);
    sendEmail = await loadSendEmail(
      server.url,
      loadOptions,
      `${Date.now().toString(36)}-${backend.toLowerCase()}`,
    );
  } else {
    log(`API on ${backend}: POST send-email not available on this build; skipped.`);
  }
  const peakRssMb = rss.stop();
  await server.stop();
  return { backend, guides, sendEmail, peakRssMb };
}

/** Puts the report between the README's bench markers, one heading level down. */
function updateReadme(report: string) {
  const readme = path.join(root, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const pattern = /(<!-- bench:start -->\n)[\s\S]*?(\n<!-- bench:end -->)/;
  if (!pattern.test(text))
    throw new Error('README.md has no <!-- bench:start --> … <!-- bench:end --> markers.');
  const body = report.trim().replace(/^(#+) /gm, '#$1 ');
  writeFileSync(
    readme,
    text.replace(pattern, (_match, start: string, end: string) => `${start}\n${body}\n${end}`),
  );
  log('README.md: Performance table updated.');
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

async function main() {
  const result: BenchResult = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      node: process.version,
      chromium: chromiumVersion(),
    },
    settings: { lighthouseRuns, ...loadOptions },
    bundle: {
      initialJs: { raw: 0, gzip: 0, brotli: 0, files: [] },
      initialCss: { raw: 0, gzip: 0, brotli: 0, files: [] },
      lazy: [],
    },
  };

  log('Building the site…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The build failed; nothing to measure.');
  result.bundle = measureBundle(dist);

  const site = siteWithReference();
  const pglite = await started(startSiteServer({ distDir: site, dataDir: tempDir('bench-data-') }));
  if (!skip.has('page')) {
    const ours = `${pglite.url}/`;
    const reference = `${pglite.url}/${REFERENCE_FOLDER}/index.html`;
    log(`Page: Lighthouse, ${lighthouseRuns} runs each of ${ours} and ${reference}…`);
    const [oursResult, referenceResult] = await measurePages([ours, reference], lighthouseRuns, log);
    if (!oursResult || !referenceResult) throw new Error('Lighthouse measured fewer pages than asked.');
    result.page = {
      ours: oursResult,
      reference: referenceResult,
      textLength: { ours: await visibleTextLength(ours), reference: await visibleTextLength(reference) },
    };
  }

  if (!skip.has('api')) {
    log('API: hello-world ceiling…');
    const hello = await started(startHelloWorld());
    const ceiling = await loadHelloWorld(hello.url, loadOptions);
    await hello.stop();
    const runs = [await measureApi('PGlite', site, undefined, pglite)];
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
        runs.push(await measureApi('PostgreSQL', site, postgres.url));
      }
    }
    result.api = { ceiling, runs };
  }

  const report = renderReport(result);
  mkdirSync(resultsDir, { recursive: true });
  if (result.page) {
    writeFileSync(path.join(resultsDir, 'lighthouse-ours.json'), result.page.ours.lighthouseJson);
    writeFileSync(path.join(resultsDir, 'lighthouse-reference.json'), result.page.reference.lighthouseJson);
  }
  const stamp = result.date.replace(/[:.]/g, '-');
  for (const name of [stamp, 'latest']) {
    writeFileSync(
      path.join(resultsDir, `${name}.json`),
      `${JSON.stringify(result, (key, value: unknown) => (key === 'lighthouseJson' ? undefined : value), 2)}\n`,
    );
    writeFileSync(path.join(resultsDir, `${name}.md`), report);
  }
  console.log(`\n${report}`);
  if (args['update-readme']) updateReadme(report);
  console.log(
    `Written to ${path.relative(root, resultsDir)}/: latest.{json,md}, ${stamp}.{json,md}` +
      (result.page ? ', lighthouse-{ours,reference}.json (the median runs).' : '.'),
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
