import { stringify } from 'csv-stringify/sync';

/**
 * RFC 4180 CSV through csv-stringify: CRLF between records, every cell quoted (so a spreadsheet that splits on
 * `;` or a tab still sees one cell), inner quotes doubled. A cell a spreadsheet would read as a formula (one
 * starting with = + - @, their full-width forms, or a tab or CR that some spreadsheets skip first) gets a
 * leading apostrophe, as OWASP advises against CSV injection.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([header, ...rows], {
    quoted: true,
    quoted_empty: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
}
