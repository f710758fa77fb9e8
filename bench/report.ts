// Turns the bench's measurements into tables (Markdown, aligned so the terminal shows them as they are): the full
// tables, and a summary of the targets alone, both printed by the run and kept in bench/results/.
import type { BenchResult } from './bench-result.ts';
import {
  courseArrivalTable,
  interactionTable,
  lessonStreamTable,
  pageTable,
  publishTable,
  slowLinkStreamTable,
} from './browser-tables.ts';
import { crowdTable } from './crowd-table.ts';
import { firstViewTable } from './first-view-table.ts';
import type { Table } from './report-table.ts';
import { apiTable, bundleTable } from './server-tables.ts';

/** A Markdown table, each column padded to its widest cell. */
function renderGrid(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

function tablesOf(result: BenchResult): Table[] {
  return [
    ...(result.pages ?? []).map((page) => pageTable(page)),
    ...(result.editedPage
      ? [
          publishTable(result.editedPage.edit),
          pageTable(result.editedPage.page, { shipped: result.pages?.find(({ path }) => path === '/') }),
        ]
      : []),
    ...(result.interaction ? [interactionTable(result.interaction)] : []),
    ...(result.firstView ? [firstViewTable(result.firstView)] : []),
    ...(result.courseArrival ? [courseArrivalTable(result.courseArrival)] : []),
    ...(result.streamedArrival ? [courseArrivalTable(result.streamedArrival, 'streamed')] : []),
    ...(result.lessonStream ? [lessonStreamTable(result.lessonStream)] : []),
    ...(result.lessonStream?.slowLink
      ? [slowLinkStreamTable(result.lessonStream.slowLink, result.lessonStream.source)]
      : []),
    bundleTable(result.bundle),
    ...(result.api ? [apiTable(result.api, result.settings.rounds)] : []),
    ...(result.crowd ? [crowdTable(result.crowd)] : []),
  ];
}

const loadAverage = ({ machine }: BenchResult) => machine.loadAverage.map((n) => n.toFixed(2)).join(' ');

/** Every table of the run, each measurement with its reference and target where it has them. */
export function renderReport(result: BenchResult): string {
  const { machine, settings } = result;
  const failing = [
    ...(result.pages ?? []),
    ...(result.editedPage
      ? [{ ...result.editedPage.page, path: `${result.editedPage.page.path} after an edit` }]
      : []),
  ].flatMap(({ path, ours }) => ours.failingAudits.map((audit) => `${path}: ${audit}`));
  return [
    `## npm run bench — ${result.date}`,
    '',
    `${machine.cpus} CPUs, load average ${loadAverage(result)} at start, ` +
      `Node ${machine.node}, ${machine.chromium}; ${settings.lighthouseRuns} Lighthouse runs per page; ` +
      `autocannon ${settings.connections} connections, ${settings.durationSeconds} s per round after a ${settings.warmupSeconds} s warm-up.`,
    '',
    tablesOf(result)
      .map(({ title, header, rows }) => [`### ${title}`, '', renderGrid(header, rows)].join('\n'))
      .join('\n\n'),
    ...(failing.length > 0
      ? ['', 'Audits of ours below full score (median run):', '', ...failing.map((a) => `- ${a}`)]
      : []),
    '',
  ].join('\n');
}

/**
 * The targets alone, one row each, grouped by the part of the bench that judged them, under a line that says
 * when and where they were measured and where the full tables are (`fullTables`, the file the run wrote them to).
 */
export function renderSummary(result: BenchResult, fullTables: string): string {
  const { machine } = result;
  const rows = tablesOf(result).flatMap(({ group, judged }) =>
    judged.map(({ what, measured, target, met }, index) => [
      index === 0 ? group : '',
      what,
      measured,
      target,
      met,
    ]),
  );
  return [
    `Measured ${result.date}: ${machine.cpus} CPUs, load average ${loadAverage(result)} at start, ` +
      `${machine.chromium}. Targets only: the full tables are printed by the run and kept locally ` +
      `(git ignores bench/results/) in \`${fullTables}\`.`,
    '',
    renderGrid(['', 'what', 'measured', 'target', 'met'], rows),
    '',
  ].join('\n');
}
