import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Tx } from './database.ts';

function sqlOver(runner: PGlite | Transaction): Tx {
  return {
    async exec(script) {
      await runner.exec(script);
    },
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await runner.query<Row>(text, [...params]);
      return result.rows;
    },
  };
}

/** PGlite (Postgres compiled to WASM) in this process: on disk under `dataDir`, or in memory when it is omitted. */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;
  return {
    description: dataDir === undefined ? 'PGlite in memory' : `PGlite at ${dataDir}`,
    ...sqlOver(pg),
    transaction: (work) => pg.transaction((tx) => work(sqlOver(tx))),
    close: () => pg.close(),
  };
}
