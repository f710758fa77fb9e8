// Prints the table of what the reliability suite measured (test/reliability writes one JSON line per scenario
// to the file named by RELIABILITY_METRICS).
import { existsSync, readFileSync } from 'node:fs';

const COLUMNS = [
  ['scenario', 'scenario'],
  ['sent', 'sign-ups sent'],
  ['acknowledged', 'acknowledged'],
  ['stored', 'stored'],
  ['delivered', 'e-mails delivered'],
  ['duplicates', 'duplicates'],
  ['lost', 'lost'],
  ['serverErrors', '5xx'],
  ['crashesSurvived', 'crashes survived'],
  ['fuzzCases', 'fuzz cases'],
  ['peakRssMb', 'peak RSS (MB)'],
  ['seconds', 'load time (s)'],
  ['drainSeconds', 'drained after (s)'],
  ['maxRequestsPerSecond', 'max provider requests/s'],
];

export function printReliabilityTable(file) {
  if (!existsSync(file)) {
    console.log('No reliability metrics were recorded.');
    return;
  }
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const cell = (row, key) => {
    const value = row[key];
    if (value === undefined) return '–';
    if (typeof value === 'number' && !Number.isInteger(value)) return value.toFixed(1);
    return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
  };
  const table = [
    COLUMNS.map(([, title]) => title),
    ...rows.map((row) => COLUMNS.map(([key]) => cell(row, key))),
  ];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((line) => line[i].length)));
  const format = (line) =>
    `| ${line.map((text, i) => (i === 0 ? text.padEnd(widths[i]) : text.padStart(widths[i]))).join(' | ')} |`;
  console.log(format(table[0]));
  console.log(
    `|${widths.map((width, i) => (i === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const line of table.slice(1)) console.log(format(line));
}
