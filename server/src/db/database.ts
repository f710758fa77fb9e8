import type { Sql, SqlDatabase } from '../../../supabase/functions/_shared/sql-port.ts';

export type { Sql };

/** A transaction of the embedded server: the SQL port plus scripts of several statements (migrations). */
export interface Tx extends Sql {
  exec(script: string): Promise<void>;
}

/** One small interface over PGlite and PostgreSQL, so nothing above this folder knows which it has. */
export interface Database extends SqlDatabase {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs a script of one or more statements without parameters (migrations, seed). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  /** For the start-up log line, e.g. "PGlite at /srv/.data/pglite". */
  readonly description: string;
}

/** The SQLSTATE of a database error, whichever driver raised it. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}
