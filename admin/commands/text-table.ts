/** A plain-text table with a header row, columns padded to their widest cell; one line per row. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max([...title].length, ...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

/** "2026-11-22 07:40 UTC": minutes are enough for a person reading a list. */
/** "1 lesson", "2 lessons"; `nouns` for a plural that is not the noun and an s ("people"). */
export const plural = (count: number, noun: string, nouns = `${noun}s`) =>
  `${count} ${count === 1 ? noun : nouns}`;

export function shortTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
