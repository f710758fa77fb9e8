// npm test: every check and every suite, then one closing line summing the tests of all of them.
//
// The checks (typecheck, ESLint, Prettier, knip) run beside everything. The suites start once what they need is
// there (the site's build when stale, the Debian packages they use and a Node.js of the current LTS line,
// installed when missing, the data folder a server's first start leaves, which the test servers then start from),
// two at a time, each track taking the next suite when its own is done, so that both cores stay busy to the end
// (three at a time overloaded two cores: the tests that measure a provider's rate met 429s and dropped
// connections):
// - the Playwright specs in Chromium against the real server, run by the Node.js LTS;
// - Vitest on PGlite (web, server, bench), its output as it comes;
// - the short reliability suite (test/reliability: real processes under load, SIGKILL, an SMTP outage and hostile
//   input);
// - the server suites again on a throwaway PostgreSQL under the Node.js LTS, and the send-email edge function
//   under real Deno on it.
// Everything else runs on the Node.js that runs this: the project is tested on the machine's Node and on the LTS.
// The other suites' output and the checks' are printed whole at the end (the reliability suite's with its
// table), then how long each step took. Everything runs with a temporary folder of its own (TMPDIR), removed once
// every suite is done, so that what tests, servers and browsers leave there does not pile up on a shared machine
// (an interrupted run leaves it, as it leaves its servers).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { isBuildCurrent, root } from './build-stamp.mjs';
import { runE2e } from './e2e.mjs';
import { printReliabilityTable } from './reliability-table.mjs';
import { startEmbeddedAuth } from './with-embedded-auth.mjs';
import { findNodeLts } from './find-node-lts.mjs';
import { makeDataTemplate } from './server-process.mjs';
import { startPostgres } from './with-postgres.mjs';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'three-lenses-test-'));
// Others may pass through, not list it: a PostgreSQL started as its own user keeps its data folder in it.
chmodSync(temporary, 0o711);
process.env.TMPDIR = temporary;

const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const durations = [];

/** Runs `work` as the step `name`, noting how long it took; a step that throws has failed. */
async function timed(name, work) {
  const started = Date.now();
  try {
    return await work();
  } catch (error) {
    console.error(`\n${name}: ${error instanceof Error ? error.message : String(error)}`);
    failures.push(name);
    return undefined;
  } finally {
    durations.push([name, (Date.now() - started) / 1000]);
  }
}

/**
 * Runs a command to its end. Its output goes straight to this process's, or, with `collect`, is kept and
 * returned, so that a step running beside others can print it whole.
 */
function run(command, args, { env = {}, collect = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A step that is one command; a non-zero exit fails it. Answers its output when collected. */
async function step(name, command, args, options = {}) {
  const result = await timed(name, async () => {
    if (!options.collect) console.log(`\n▶ ${name}`);
    return run(command, args, options);
  });
  if (result?.code !== 0) failures.push(name);
  return result?.output ?? '';
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const suite of report.testResults) {
      for (const test of suite.assertionResults) {
        if (test.status === 'failed')
          failedTests.push({
            name: `${path.relative(root, suite.name)} › ${test.fullName}`,
            why: test.failureMessages?.[0],
          });
      }
    }
  } catch {
    totals.failed += 1;
  }
}

/**
 * The start of a failure's message, indented under its test: the closing lines are what a CI log that keeps only
 * its tail shows, so they say why, not only what.
 */
function firstLinesOf(message, count = 12) {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines
    .slice(0, count)
    .map((line) => `      ${line}`)
    .join('\n');
}

/** `deno test` prints `ok | N passed | N failed`; a run that never gets there counts as one failure. */
function countDeno(output) {
  const counts = /(\d+) passed \| (\d+) failed/.exec(output);
  if (counts) {
    totals.passed += Number(counts[1]);
    totals.failed += Number(counts[2]);
  } else {
    totals.failed += 1;
  }
}

/** The specs of a Playwright report's suite and of the suites inside it. */
const specsOf = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];

function countPlaywright(file) {
  try {
    const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    for (const spec of suites.flatMap(specsOf)) {
      const failed = spec.tests.find((test) => test.status === 'unexpected');
      if (failed === undefined) continue;
      const error = failed.results.flatMap((result) => result.errors ?? [])[0];
      const where = error?.location
        ? `at ${path.relative(root, error.location.file)}:${error.location.line}\n`
        : '';
      failedTests.push({ name: `e2e/${spec.file} › ${spec.title}`, why: where + (error?.message ?? '') });
    }
  } catch {
    totals.failed += 1;
  }
}

const vitest = (projects, report) => [
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

/** Typecheck, lint, format and unused-code checks side by side (one process each); answers how to print them. */
async function checks() {
  const commands = [
    ['typecheck', bin('tsc'), ['-b']],
    ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
    ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
    ['unused files and dependencies', bin('knip'), []],
  ];
  const outputs = await Promise.all(
    commands.map(([name, command, args]) => step(name, command, args, { collect: true })),
  );
  return () =>
    commands.forEach(([name], index) => {
      console.log(`\n▶ ${name}`);
      process.stdout.write(outputs[index] ?? '');
    });
}

/**
 * What the suites need first, side by side: the site's build (when stale), the Debian packages they use (installed
 * when missing) and the data folder template. Answers how to remove the template.
 */
async function prerequisites() {
  // In a process of its own: Vite sets NODE_ENV=production in the process that builds, and the suites started
  // from this one would inherit it (React's production build has no act() for the component tests).
  const building = isBuildCurrent()
    ? undefined
    : step('build the site', process.execPath, ['scripts/build.mjs'], { collect: true });
  const packages = step(
    'Debian packages and the Node.js LTS the suites use',
    process.execPath,
    ['--import', 'tsx', 'scripts/test-packages.mjs'],
    { collect: true },
  );
  const template = timed('a data folder for the test servers', makeDataTemplate);
  for (const [name, output] of [
    ['build the site', await building],
    ['Debian packages and the Node.js LTS the suites use', await packages],
  ]) {
    if (output) {
      console.log(`\n▶ ${name}`);
      process.stdout.write(output);
    }
  }
  return template;
}

/** The reliability suite; answers how to print its output and table once everything is done. */
async function reliability() {
  const report = path.join(reports, 'vitest-reliability.json');
  const metrics = path.join(reports, 'reliability.jsonl');
  const name = 'reliability, short sizes (real servers, PGlite and PostgreSQL)';
  const output = await step(name, bin('vitest'), [...vitest(['reliability'], report), '--maxWorkers=2'], {
    env: { RELIABILITY_METRICS: metrics },
    collect: true,
  });
  countVitest(report);
  return () => {
    console.log(`\n▶ ${name}`);
    process.stdout.write(output);
    printReliabilityTable(metrics);
  };
}

/** The send-email function under real Deno, beside the embedded server's auth (its sign-in links). */
async function edgeFunction(postgresUrl) {
  const config = ['--config', 'supabase/functions/send-email/deno.json'];
  const typecheck = await step(
    'edge function typecheck (Deno)',
    bin('deno'),
    ['check', ...config, 'supabase/functions/send-email/index.ts'],
    { collect: true },
  );
  let tests = '';
  await timed('edge function under Deno (PostgreSQL)', async () => {
    const auth = await startEmbeddedAuth(postgresUrl);
    try {
      const permissions = ['--allow-net', '--allow-env', '--allow-read', '--allow-run', '--allow-sys'];
      const { code, output } = await run(
        bin('deno'),
        ['test', ...config, ...permissions, 'supabase/functions/send-email/index.test.ts'],
        { env: { NO_COLOR: '1', DATABASE_URL: postgresUrl, ...auth.env }, collect: true },
      );
      tests = output;
      countDeno(output);
      if (code !== 0) throw new Error(`deno test exited with ${code}`);
    } finally {
      await auth.stop();
    }
  });
  return `\n▶ edge function typecheck (Deno)\n${typecheck}\n▶ edge function under Deno (PostgreSQL)\n${tests}`;
}

/** Vitest on PGlite: the web app, the server and the bench's checks; its output as it comes. */
async function pgliteSuites() {
  const pgliteReport = path.join(reports, 'vitest-pglite.json');
  await step(
    'unit, component and server tests (PGlite)',
    bin('vitest'),
    vitest(['web', 'server', 'bench'], pgliteReport),
  );
  countVitest(pgliteReport);
}

/**
 * The server suites and the edge function on a throwaway PostgreSQL, the server suites on the Node.js LTS (as are
 * the servers they start); answers how to print their output.
 */
async function postgresSuites() {
  const postgres = await startPostgres();
  try {
    const postgresReport = path.join(reports, 'vitest-postgres.json');
    const output = await step(
      `server tests (PostgreSQL, Node.js ${nodeLts.version})`,
      nodeLts.path,
      [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), ...vitest(['server'], postgresReport)],
      {
        env: { DATABASE_URL: postgres.url },
        collect: true,
      },
    );
    countVitest(postgresReport);
    const edgeOutput = await edgeFunction(postgres.url);
    return () => {
      console.log(`\n▶ server tests (PostgreSQL, Node.js ${nodeLts.version})`);
      process.stdout.write(output);
      process.stdout.write(edgeOutput);
    };
  } finally {
    postgres.stop();
  }
}

/** The Playwright specs in Chromium against the real server on the Node.js LTS; answers how to print their output. */
async function endToEnd() {
  const name = `end-to-end tests (Chromium, the server on Node.js ${nodeLts.version})`;
  const report = path.join(reports, 'e2e.json');
  const result = await timed(name, () =>
    runE2e([], { jsonReport: report, collect: true, serverNode: nodeLts.path }),
  );
  if (result?.code !== 0) failures.push(name);
  countPlaywright(report);
  return () => {
    console.log(`\n▶ ${name}`);
    process.stdout.write(result?.output ?? '');
  };
}

/**
 * Runs `suites` (in this order) on `tracks` tracks, each taking the next suite when its own is done. Answers what
 * each suite answered (how to print its output), in the same order.
 */
async function inTracks(tracks, suites) {
  const answers = [];
  let next = 0;
  const track = async () => {
    while (next < suites.length) {
      const index = next;
      next += 1;
      answers[index] = await suites[index]();
    }
  };
  await Promise.all(Array.from({ length: tracks }, track));
  return answers;
}

const started = Date.now();
const checking = checks();
const removeDataTemplate = await timed(
  'build, Debian packages, the Node.js LTS and a data folder for the test servers',
  prerequisites,
);
const nodeLtsPath = findNodeLts();
const nodeLts = { path: nodeLtsPath, version: execFileSync(nodeLtsPath, ['--version']).toString().trim() };
const printSuites = await inTracks(2, [
  endToEnd,
  () => timed('Vitest on PGlite', pgliteSuites),
  reliability,
  () => timed('server tests and the edge function on PostgreSQL', postgresSuites),
]);
(await checking)();
for (const print of printSuites) print?.();
removeDataTemplate?.();

console.log('\n▶ how long each step took (s)');
for (const [name, seconds] of durations) console.log(`${seconds.toFixed(0).padStart(6)}  ${name}`);
console.log(`${((Date.now() - started) / 1000).toFixed(0).padStart(6)}  npm test in all`);

if (failures.length > 0) console.log(`\nFailed: ${[...new Set(failures)].join(', ')}`);
for (const { name, why } of failedTests) {
  console.log(`  ✗ ${name}`);
  if (why) console.log(firstLinesOf(why));
}
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
// A failed check or a suite that could not start counts as a failure even when no single test failed.
const failed = Math.max(totals.failed, new Set(failures).size);
try {
  rmSync(temporary, { recursive: true, force: true, maxRetries: 3 });
} catch (error) {
  console.warn(`\nThe suites' temporary folder ${temporary} stays: ${String(error)}`);
}
console.log(`\n${totals.passed} passed, ${failed} failed${skipped}`);
process.exit(failed > 0 ? 1 : 0);
