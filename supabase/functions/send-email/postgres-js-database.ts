/** The SQL port over postgres.js, the driver the edge function uses to reach the project's database. */
import postgres from 'postgres';
import type { Sql } from '../_shared/sql-port.ts';

function sqlOver(runner: postgres.Sql): Sql {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      // postgres.js types its parameters narrowly; the port's callers pass only text, numbers and arrays.
      const rows = await runner.unsafe(text, [...params] as postgres.ParameterOrJSON<never>[]);
      return [...rows] as Row[];
    },
  };
}

/**
 * A small pool: an isolate serves one request at a time or a few at once. `prepare: false` keeps it usable
 * through Supabase's transaction pooler as well as on a direct connection. The core needs no explicit
 * transactions: each of its writes is one statement.
 */
export function openPostgresJsDatabase(url: string): Sql {
  return sqlOver(
    postgres(url, { max: 3, prepare: false, idle_timeout: 20, connect_timeout: 10, onnotice: () => {} }),
  );
}
