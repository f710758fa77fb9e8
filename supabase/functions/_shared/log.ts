/** Structured log lines: one JSON object per line, so a log search can filter on `event`. */

export type LogLine = { event: string } & Record<string, unknown>;

export interface Log {
  info(line: LogLine): void;
  warn(line: LogLine): void;
  error(line: LogLine): void;
}

export const consoleLog: Log = {
  info: (line) => console.log(JSON.stringify({ level: 'info', ...line })),
  warn: (line) => console.warn(JSON.stringify({ level: 'warn', ...line })),
  error: (line) => console.error(JSON.stringify({ level: 'error', ...line })),
};
