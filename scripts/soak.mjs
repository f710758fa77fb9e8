// npm run soak: the reliability suite at full size (SOAK=1: 20,000 sign-ups at 200 connections on PGlite and
// on PostgreSQL, 3 SIGKILL cycles, a 60 s SMTP outage, 1,000 e-mails drained by two servers, 20,000 fuzz
// cases), then the table of what it measured. Takes about an hour on two cores.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-stamp.mjs';
import { printReliabilityTable } from './reliability-table.mjs';

const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const metrics = path.join(reports, 'reliability-soak.jsonl');
rmSync(metrics, { force: true });
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'reliability', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SOAK: '1', RELIABILITY_METRICS: metrics } },
);
console.log('\nReliability soak:');
printReliabilityTable(metrics);
process.exit(result.status ?? 1);
