// The report's table of the course under a crowd: each crowd's segments, saves, errors and the server's CPU and
// memory, on each database, judged where the targets are stated.
import type { CrowdResult, CrowdRow } from './crowd.ts';
import { type Judged, type Table, judging, ms, percent } from './report-table.ts';
import { TARGETS } from './targets.ts';

const errorCount = (row: CrowdRow) => Object.values(row.errors).reduce((sum, count) => sum + count, 0);

/** The failed requests, the most frequent kinds first. */
function errorsCell(row: CrowdRow): string {
  const total = errorCount(row);
  if (total === 0) return '0';
  const kinds = Object.entries(row.errors)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, count]) => `${count}× ${kind}`);
  return `${total} (${kinds.join(', ')})`;
}

/** Every learner played (a crowd that fetched no segment has measured nothing), none failed, within the targets. */
const meetsTargets = (row: CrowdRow) =>
  row.playing === row.learners &&
  row.segments > 0 &&
  errorCount(row) === 0 &&
  row.segmentTtfbP99Ms <= TARGETS.crowdSegmentTtfbP99Ms &&
  row.serverPeakRssMb !== undefined &&
  row.serverPeakRssMb <= TARGETS.crowdServerRssMb;

export function crowdTable(crowd: CrowdResult): Table {
  const judged: Judged[] = [];
  const judge = judging(judged);
  const target =
    `≥ ${TARGETS.crowdLearners} learners: p99 ≤ ${TARGETS.crowdSegmentTtfbP99Ms} ms, 0 errors, ` +
    `≤ ${TARGETS.crowdServerRssMb} MB`;
  const rows = crowd.runs.flatMap(({ database, rows: crowds }) => {
    const largest = crowds.filter(meetsTargets).reduce((most, row) => Math.max(most, row.learners), 0);
    const judgedRow = crowds.find((row) => row.learners === TARGETS.crowdLearners);
    return crowds.map((row) => [
      database,
      row.learners.toLocaleString('en-US'),
      row.playing === row.learners ? 'all' : row.playing.toLocaleString('en-US'),
      ms(row.segmentTtfbP50Ms),
      ms(row.segmentTtfbP99Ms),
      `${row.lateSegments} of ${row.segments.toLocaleString('en-US')}`,
      errorsCell(row),
      `${ms(row.progressP99Ms)} (${row.progressWrites.toLocaleString('en-US')})`,
      percent(row.serverCpuCores),
      row.serverPeakRssMb === undefined ? 'n/a' : `${row.serverPeakRssMb} MB`,
      percent(row.generatorCpuCores),
      percent(row.machineBusy),
      `${Math.round(row.segmentMbps)}`,
      ...(row === judgedRow
        ? judge(
            `${database}: the largest crowd that met all three`,
            `${largest.toLocaleString('en-US')} learners (at ${TARGETS.crowdLearners}: p99 ${ms(row.segmentTtfbP99Ms)}, ` +
              `${errorCount(row)} errors, ${row.serverPeakRssMb ?? 'n/a'} MB)`,
            target,
            largest >= TARGETS.crowdLearners,
          )
        : ['', '']),
    ]);
  });
  return {
    title:
      `Crowd: learners playing a ${crowd.lesson.seconds} s lesson's ${crowd.lesson.rung} rung at once over HTTP, ` +
      `arriving over ${crowd.rampSeconds} s, ${crowd.seconds} s per crowd (${crowd.workers} threads of learners); ` +
      'CPU in % of one core over the window (the machine: % of all its cores)',
    header: [
      'database',
      'learners',
      'playing',
      'segment TTFB p50',
      'p99',
      'late segments',
      'errors',
      'progress save p99 (saves)',
      'server CPU',
      'server peak RSS',
      'bench CPU',
      'machine busy',
      'segments Mbit/s',
      'target',
      'met',
    ],
    rows,
    group: 'crowd',
    judged,
  };
}
