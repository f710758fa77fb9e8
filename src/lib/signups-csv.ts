// The sign-ups as the owner takes them away, from the studio's "Download CSV" or `npm run admin -- signups export`:
// one row shape (the database's `signup_rows()`: every learner with her progress, owners aside), one column set
// and one CSV that a spreadsheet opens safely.
// The browser build: it carries its own Buffer, which the Node build needs and a browser lacks; it runs in Node too.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { z } from './zod.ts';

const signupRow = z.object({
  id: z.coerce.number(),
  email: z.string(),
  name: z.string(),
  consent_version: z.string(),
  source: z.string(),
  first_signed_up_at: z.coerce.date(),
  last_signed_up_at: z.coerce.date(),
  signup_count: z.number(),
  unsubscribed: z.boolean(),
  /** The learner's latest answer to "E-mail me if I pause for a week" on /course: yes; no, or never asked. */
  reminders: z.boolean(),
  /** When that answer was given or withdrawn, and the version of the words it was given under. */
  reminders_answered_at: z.nullable(z.coerce.date()),
  reminders_wording_version: z.nullable(z.string()),
  /** Her latest answer to "E-mail me when new lessons are added" on /course, or an announcement's unsubscribe. */
  announcements: z.boolean(),
  announcements_answered_at: z.nullable(z.coerce.date()),
  announcements_wording_version: z.nullable(z.string()),
  /**
   * Her answers and plan's notes, when she ticked "Keep my answers and plan with my account" on /course (as the
   * database keeps them: `kept_answers`), and when she last changed them; null for everyone else.
   */
  kept_answers: z.nullable(
    z.object({ answers: z.record(z.string(), z.unknown()), plan: z.record(z.string(), z.unknown()) }),
  ),
  kept_answers_updated_at: z.nullable(z.coerce.date()),
  /** Her progress: published lessons watched, when she first had them all, her last sign-in or saved progress. */
  lessons_watched: z.number(),
  finished_at: z.nullable(z.coerce.date()),
  last_active_at: z.nullable(z.coerce.date()),
  /** Her answer to the course's feedback question: 1–5, and her words if she left any. */
  rating: z.nullable(z.number()),
  comment: z.nullable(z.string()),
});
export type SignupRow = z.output<typeof signupRow>;

/** What `signup_rows()` answers (JSON from the database or the API), parsed. */
export const signupRows = z.array(signupRow);

/** The name the studio's download takes, as the owner's guide names the CLI's export. */
export const SIGNUPS_CSV_FILE_NAME = 'signups.csv';

const EXPORT_COLUMNS = [
  'id',
  'email',
  'name',
  'consent_version',
  'source',
  'first_signed_up_at',
  'last_signed_up_at',
  'signup_count',
  'reminders',
  'reminders_answered_at',
  'reminders_wording_version',
  'announcements',
  'announcements_answered_at',
  'announcements_wording_version',
  'kept_answers',
  'kept_answers_updated_at',
  'lessons_watched',
  'finished_at',
  'last_active_at',
  'rating',
  'comment',
  // Last, because it is never empty: LibreOffice Calc reading the file with ";" as the separator re-splits a
  // line that ends in an empty cell, and would then compute a name's "=…" (csv-libreoffice.test.ts).
  'unsubscribed',
] as const satisfies readonly (keyof SignupRow)[];

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

/** A cell's text: a time in ISO 8601, kept answers as their JSON. */
function cell(value: SignupRow[keyof SignupRow]): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Every sign-up as one CSV line under the export's header. */
export function signupsCsv(rows: readonly SignupRow[]): string {
  return toCsv(
    EXPORT_COLUMNS,
    rows.map((row) => EXPORT_COLUMNS.map((column) => cell(row[column]))),
  );
}
