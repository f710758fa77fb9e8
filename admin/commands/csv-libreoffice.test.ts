// The CSV export opened in a real spreadsheet: LibreOffice Calc (headless) reads it with `,` and with `;` as the
// separator, with formula evaluation on, and no cell may come out as a formula.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createTestDatabase } from '../../server/test/test-database.ts';
import { createAdminRunner } from '../test/admin-runner.ts';
import { findLibreOffice } from '../test/find-libreoffice.ts';

const run = promisify(execFile);

const HOSTILE_NAMES = [
  'Bob;=1+2;@SUM(1+1)',
  'Eve,=1+2,+3+4',
  '=HYPERLINK("http://evil.example","Click")',
  '"Mal";=2*3',
  'Tab\t=4*5',
  '-7+8',
  '@SUM(1+1)',
  '\uFF1D9+9',
];

let db: Database;
let soffice: string;
let folder: string;

beforeAll(async () => {
  soffice = findLibreOffice();
  folder = await mkdtemp(path.join(os.tmpdir(), 'csv-calc-'));
  db = await createTestDatabase();
  for (const [index, name] of HOSTILE_NAMES.entries()) {
    await db.query(
      `insert into public.signups (email, name, consent_version, source) values ($1, $2, 'v1', 'test')`,
      [`p${index}@example.com`, name],
    );
  }
}, 600_000);
afterAll(() => db.close());

/** Converts the CSV to flat ODS XML as Calc reads it; every formula cell there carries table:formula. */
async function openInCalc(csv: string, separator: ',' | ';'): Promise<string> {
  const outDir = await mkdtemp(path.join(folder, 'out-'));
  // Tokens: separator, text delimiter ("), UTF-8, from line 1, standard cells, language, quoted fields not forced
  // to text, detect special numbers, …, evaluate formulas: the most trusting way to open a CSV.
  const options = `${separator.charCodeAt(0)},34,76,1,,0,false,true,false,false,false,-1,true`;
  await run(
    soffice,
    [
      '--headless',
      `-env:UserInstallation=file://${path.join(folder, 'profile')}`,
      `--infilter=CSV:${options}`,
      '--convert-to',
      'fods',
      '--outdir',
      outDir,
      csv,
    ],
    { timeout: 120_000 },
  );
  return readFile(path.join(outDir, `${path.basename(csv, '.csv')}.fods`), 'utf8');
}

describe('signups export --format csv in LibreOffice Calc', () => {
  it.each([',', ';'] as const)(
    'computes no cell when read with "%s" as the separator',
    async (separator) => {
      const admin = await createAdminRunner(db);
      const result = await admin.run(['signups', 'export', '--format', 'csv']);
      expect(result.code).toBe(0);
      const csv = path.join(folder, `signups-${separator === ',' ? 'comma' : 'semicolon'}.csv`);
      await writeFile(csv, result.stdout);
      const sheet = await openInCalc(csv, separator);
      expect(sheet).toContain('p0@example.com');
      expect(sheet).not.toContain('table:formula');
    },
    180_000,
  );
});
