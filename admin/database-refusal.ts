// The database's refusal of a save (save_lesson, save_guide): the rules live there, and the tool says each in its
// own words by the rule's name.
import { sqlState } from '../server/src/db/index.ts';

/** A refusal names its rule: the table check of that name, or, for a rule only the function holds, the column. */
export interface DatabaseRefusal {
  rule: string | undefined;
  /** The database's own words, as the studio shows them. */
  message: string;
}

/** The refusal `error` is, if it is one: an exception the rules raised (P0001), or a check the table made. */
export function databaseRefusal(error: unknown): DatabaseRefusal | undefined {
  const code = sqlState(error);
  if (!(error instanceof Error) || (code !== 'P0001' && !code?.startsWith('23'))) return undefined;
  const rule =
    'constraint' in error && typeof error.constraint === 'string'
      ? error.constraint
      : 'column' in error && typeof error.column === 'string'
        ? error.column
        : undefined;
  return { rule, message: error.message };
}
