// npm run soak: the reliability suite at full size (SOAK=1: 20,000 sign-ups at 200 connections on PGlite and
// on PostgreSQL, 3 SIGKILL cycles, a 60 s SMTP outage, 1,000 e-mails drained by two servers, 10,000 sign-ups
// mailed at Resend's 2 requests a second, 20,000 fuzz cases, a 500 MB resumable upload cut halfway), then the
// table of what it measured (docs/reliability.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-stamp.mjs';
import { printReliabilityTable } from './reliability-table.mjs';

// Outside test-results/, which a concurrent `npm test` empties when it starts.
const metrics = path.join(mkdtempSync(path.join(os.tmpdir(), 'soak-')), 'reliability-soak.jsonl');
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'reliability', '--no-file-parallelism', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SOAK: '1', RELIABILITY_METRICS: metrics } },
);
console.log(`\nReliability soak (${metrics}):`);
printReliabilityTable(metrics);
process.exit(result.status ?? 1);
