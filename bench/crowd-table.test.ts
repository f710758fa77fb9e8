import { describe, expect, it } from 'vitest';
import type { CrowdResult, CrowdRow } from './crowd.ts';
import { crowdTable } from './crowd-table.ts';

/** A crowd of `learners` that met every target unless told otherwise. */
const crowd = (learners: number, overrides: Partial<CrowdRow> = {}): CrowdRow => ({
  learners,
  playing: learners,
  segments: learners * 14,
  segmentTtfbP50Ms: 5,
  segmentTtfbP99Ms: 60,
  lateSegments: 0,
  requests: learners * 30,
  errors: {},
  progressWrites: learners * 5,
  progressP99Ms: 20,
  serverCpuCores: 0.5,
  serverPeakRssMb: 180,
  generatorCpuCores: 0.3,
  machineBusy: 0.6,
  segmentMbps: learners * 1.3,
  ...overrides,
});

const result = (...runs: CrowdResult['runs']): CrowdResult => ({
  seconds: 60,
  rampSeconds: 10,
  workers: 2,
  lesson: { seconds: 60, rung: '540p' },
  runs,
});

const judged = (rows: CrowdRow[]) => crowdTable(result({ database: 'PGlite', rows })).judged[0];

describe('crowdTable', () => {
  it('shows every crowd on each database and judges each database once, by the largest crowd that met all three', () => {
    const table = crowdTable(
      result(
        { database: 'PGlite', rows: [crowd(200), crowd(500), crowd(1000, { segmentTtfbP99Ms: 201 })] },
        { database: 'PostgreSQL', rows: [crowd(500)] },
      ),
    );
    expect(table.rows.map((row) => [row[0], row[1]])).toEqual([
      ['PGlite', '200'],
      ['PGlite', '500'],
      ['PGlite', '1,000'],
      ['PostgreSQL', '500'],
    ]);
    expect(table.judged).toEqual([
      {
        what: 'PGlite: the largest crowd that met all three',
        measured: '500 learners (at 500: p99 60 ms, 0 errors, 180 MB)',
        target: '≥ 500 learners: p99 ≤ 200 ms, 0 errors, ≤ 300 MB',
        met: 'yes',
      },
      expect.objectContaining({ what: 'PostgreSQL: the largest crowd that met all three', met: 'yes' }),
    ]);
  });

  it('misses the target when the crowd of 500 has a failed request, a slow p99, too much memory, a learner who never played, or no segment at all', () => {
    for (const miss of [
      { errors: { 'sign in: no answer in time': 1 } },
      { segmentTtfbP99Ms: 201 },
      { serverPeakRssMb: 301 },
      { playing: 499 },
      { segments: 0 },
    ]) {
      expect(judged([crowd(200), crowd(500, miss)])?.met).toBe('NO');
    }
    expect(judged([crowd(200), crowd(500, { segmentTtfbP99Ms: 200, serverPeakRssMb: 300 })])?.met).toBe(
      'yes',
    );
  });

  it('lists failed requests by kind, the most frequent first', () => {
    const table = crowdTable(
      result({
        database: 'PGlite',
        rows: [crowd(500, { errors: { 'segment: ECONNRESET': 2, 'sign in: no answer in time': 7 } })],
      }),
    );
    expect(table.rows[0]?.[6]).toBe('9 (7× sign in: no answer in time, 2× segment: ECONNRESET)');
  });
});
