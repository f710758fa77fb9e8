/** The SQL port over postgres.js, the driver the edge function uses to reach the project's database. */
import postgres from 'postgres';
import type { Sql, SqlDatabase } from '../_shared/sql-port.ts';

type Runner = postgres.Sql | postgres.TransactionSql;

function sqlOver(runner: Runner): Sql {
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
 * through Supabase's transaction pooler as well as on a direct connection.
 */
export function openPostgresJsDatabase(url: string): SqlDatabase & { close(): Promise<void> } {
  const sql = postgres(url, {
    max: 3,
    prepare: false,
    idle_timeout: 20,
    connect_timeout: 10,
    onnotice: () => {},
  });
  return {
    ...sqlOver(sql),
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      let result: T | undefined;
      await sql.begin(async (tx) => {
        result = await work(sqlOver(tx));
      });
      return result as T;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
