/**
 * RFC 4180 CSV: CRLF between records, a field quoted when it holds a comma, a double quote, CR or LF, and
 * inner quotes doubled. A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or CR
 * that some spreadsheets skip first) gets a leading apostrophe, as OWASP advises against CSV injection.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
