// npm test: every check and every suite, then one closing line summing the tests of all of them:
// typecheck, lint (ESLint, Prettier, knip), Vitest on PGlite, the server suites again on a throwaway
// PostgreSQL, the send-email edge function under real Deno on that PostgreSQL, and the Playwright end-to-end
// specs in Chromium, then the short reliability suite (test/reliability: real processes under load, SIGKILL,
// an SMTP outage and hostile input) with its table.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-stamp.mjs';
import { runE2e } from './e2e.mjs';
import { printReliabilityTable } from './reliability-table.mjs';
import { startEmbeddedAuth } from './with-embedded-auth.mjs';
import { startPostgres } from './with-postgres.mjs';

const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

/** `deno test` prints `ok | N passed | N failed`; a run that never gets there counts as one failure. */
async function denoTests(name, args, env) {
  console.log(`\n▶ ${name}`);
  // Spawned, not spawnSync: the embedded server beside it writes to a pipe this process must keep reading.
  const { code, output } = await run(bin('deno'), args, { ...process.env, NO_COLOR: '1', ...env });
  process.stdout.write(output);
  const counts = /(\d+) passed \| (\d+) failed/.exec(output);
  if (counts) {
    totals.passed += Number(counts[1]);
    totals.failed += Number(counts[2]);
  } else {
    totals.failed += 1;
  }
  if (code !== 0) failures.push(name);
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } catch {
    totals.failed += 1;
  }
}

/** Runs a command to its end, collecting its output. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Runs checks side by side (each is one process on one core), then prints each one's output whole, in order. */
async function checksTogether(checks) {
  const results = await Promise.all(
    checks.map(async ([name, command, args]) => ({ name, ...(await run(command, args)) })),
  );
  for (const { name, code, output } of results) {
    console.log(`\n▶ ${name}`);
    process.stdout.write(output);
    if (code !== 0) failures.push(name);
  }
}

await checksTogether([
  ['typecheck', bin('tsc'), ['-b']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['unused files and dependencies', bin('knip'), []],
]);

const pgliteReport = path.join(reports, 'vitest-pglite.json');
step('unit, component and server tests (PGlite)', bin('vitest'), [
  'run',
  '--project',
  'web',
  '--project',
  'server',
  '--project',
  'bench',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${pgliteReport}`,
]);
countVitest(pgliteReport);

const postgres = await startPostgres();
const postgresReport = path.join(reports, 'vitest-postgres.json');
try {
  step(
    'server tests (PostgreSQL)',
    bin('vitest'),
    [
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${postgresReport}`,
    ],
    {
      DATABASE_URL: postgres.url,
    },
  );
  const denoConfig = ['--config', 'supabase/functions/send-email/deno.json'];
  step('edge function typecheck (Deno)', bin('deno'), [
    'check',
    ...denoConfig,
    'supabase/functions/send-email/index.ts',
  ]);
  // The function makes its sign-in links with generateLink against the embedded server's auth.
  const edgeStep = 'edge function under Deno (PostgreSQL)';
  const auth = await startEmbeddedAuth(postgres.url).catch((error) => {
    console.error(String(error));
    failures.push(edgeStep);
    totals.failed += 1;
    return undefined;
  });
  if (auth) {
    try {
      await denoTests(
        edgeStep,
        [
          'test',
          ...denoConfig,
          '--allow-net',
          '--allow-env',
          '--allow-read',
          '--allow-run',
          '--allow-sys',
          'supabase/functions/send-email/index.test.ts',
        ],
        { DATABASE_URL: postgres.url, ...auth.env },
      );
    } finally {
      await auth.stop();
    }
  }
} finally {
  postgres.stop();
}
countVitest(postgresReport);

console.log('\n▶ end-to-end tests (Chromium)');
const e2eReport = path.join(reports, 'e2e.json');
if ((await runE2e([], { jsonReport: e2eReport })) !== 0) failures.push('end-to-end tests');
countPlaywright(e2eReport);

const reliabilityReport = path.join(reports, 'vitest-reliability.json');
const reliabilityMetrics = path.join(reports, 'reliability.jsonl');
step(
  'reliability, short sizes (real servers, PGlite and PostgreSQL)',
  bin('vitest'),
  [
    'run',
    '--project',
    'reliability',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reliabilityReport}`,
  ],
  { RELIABILITY_METRICS: reliabilityMetrics },
);
countVitest(reliabilityReport);
printReliabilityTable(reliabilityMetrics);

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
// A failed check or a suite that could not start counts as a failure even when no single test failed.
const failed = Math.max(totals.failed, failures.length);
console.log(`\n${totals.passed} passed, ${failed} failed${skipped}`);
process.exit(failed > 0 ? 1 : 0);
