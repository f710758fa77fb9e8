import pg from 'pg';
import type { Database, Tx } from './database.ts';

function sqlOver(runner: pg.Pool | pg.PoolClient): Tx {
  return {
    async exec(script) {
      await runner.query(script);
    },
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await runner.query(text, [...params]);
      return result.rows as Row[];
    },
  };
}

function describe(connectionString: string): string {
  const url = new URL(connectionString);
  return `PostgreSQL at ${url.hostname || 'local socket'}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** Any PostgreSQL server (plain, or a Supabase database's connection string) through a connection pool. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection emits 'error'; without a listener that would end the process.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ event: 'db.pool_error', message: error.message })),
  );
  await pool.query('select 1');
  return {
    description: describe(connectionString),
    ...sqlOver(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(sqlOver(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
